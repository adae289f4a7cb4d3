import { describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/harness.ts";

const { app } = createTestApp();

describe("GET /docs", () => {
  it("serves the reference page under a strict CSP, with no inline script or style", async () => {
    const response = await app.request("/docs");
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-");
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    for (const src of html.matchAll(/(?:src|href)="([^"]+)"/g)) expect(src[1]).toMatch(/^\/docs\/assets\//);
  });

  it("answers 405 to other methods", async () => {
    const response = await app.request("/docs", { method: "POST" });
    expect(response.status).toBe(405);
  });
});

describe("GET /docs/assets/:file", () => {
  it.each([
    ["swagger-ui-bundle.js", "text/javascript; charset=utf-8"],
    ["swagger-ui.css", "text/css; charset=utf-8"],
    ["docs-init.js", "text/javascript; charset=utf-8"],
    ["favicon-32x32.png", "image/png"],
  ])("serves %s from the installed packages", async (file, type) => {
    const response = await app.request(`/docs/assets/${file}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(type);
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });

  it("points Swagger UI at this deployment's document and turns off the external validator", async () => {
    const script = await (await app.request("/docs/assets/docs-init.js")).text();
    expect(script).toContain('url: "/api/v1/openapi.json"');
    expect(script).toContain("validatorUrl: null");
  });

  it.each(["index.html", "..%2Fpackage.json", "swagger-ui-bundle.js.map"])("answers 404 not_found for %s (only listed files are served)", async (file) => {
    const response = await app.request(`/docs/assets/${file}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ status: "error", error_code: "not_found" });
  });
});
