import { describe, expect, it } from "vitest";
import { createTestApp } from "../testing/harness.ts";
import { ROUTES, toOpenApiPath } from "./route-list.ts";

// With a public URL, so the OAuth routes are served too.
const { app } = createTestApp({ publicUrl: "http://tools.test" });
// h3 keeps what it registered in "~routes" (its internal list); HEAD and the 405 catch-all ("" method) are derived.
// Root routes count when declared (OAuth's): the consent form's POST and the way back from sign-in are not documented.
const declared = new Set(ROUTES.map((route) => `${route.method} ${route.path}`));
const served = (app as unknown as { "~routes": { method?: string; route: string }[] })["~routes"]
  .filter((route) => route.method && route.method !== "HEAD")
  .filter((route) => route.route.startsWith("/api/v1/") || declared.has(`${route.method} ${route.route}`))
  .map((route) => `${route.method} ${toOpenApiPath(route.route)}`);

async function documented(): Promise<string[]> {
  const document = (await (await app.request("/api/v1/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
  // A path item's other members (OAuth's `servers`) are not operations.
  return Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).filter((member) => member !== "servers").map((method) => `${method.toUpperCase()} ${path}`));
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

  it("serves no OAuth route to an embedder that gave no public URL (the issuer and resource are made from it)", async () => {
    const bare = createTestApp().app;
    for (const path of ["/.well-known/oauth-authorization-server", "/.well-known/oauth-protected-resource/mcp", "/oauth/authorize"]) {
      expect((await bare.request(path)).status, path).toBe(404);
      expect((await app.request(path)).status, path).not.toBe(404);
    }
  });

  it("declares each route once", () => {
    const keys = ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(ROUTES.map((route) => route.operationId)).size).toBe(ROUTES.length);
  });
});
