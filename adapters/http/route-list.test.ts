import { describe, expect, it } from "vitest";
import { createTestApp } from "../testing/harness.ts";
import { ROUTES, toOpenApiPath } from "./route-list.ts";

const { app } = createTestApp();
// h3 keeps what it registered in "~routes" (its internal list); HEAD and the 405 catch-all ("" method) are derived.
const served = (app as unknown as { "~routes": { method?: string; route: string }[] })["~routes"]
  .filter((route) => route.route.startsWith("/api/v1/") && route.method && route.method !== "HEAD")
  .map((route) => `${route.method} ${toOpenApiPath(route.route)}`);

async function documented(): Promise<string[]> {
  const document = (await (await app.request("/api/v1/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
}

describe("the route list", () => {
  it("documents every served /api/v1 route", async () => {
    expect(new Set(served).size).toBe(served.length);
    expect(await documented()).toEqual(expect.arrayContaining(served));
  });

  it("serves every documented route: the generic ones as declared, each tool's typed path through POST /execute/{tool}", async () => {
    const generic = (await documented()).filter((route) => !/^POST \/execute\/(?!\{tool\})/.test(route));
    expect(generic.sort()).toEqual([...served].sort());
    expect(served).toContain("POST /execute/{tool}");
  });

  it("declares each route once", () => {
    const keys = ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(ROUTES.map((route) => route.operationId)).size).toBe(ROUTES.length);
  });
});
