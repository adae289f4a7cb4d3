import { describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/harness.ts";
import { prefersHtml } from "./home.ts";

const { app } = createTestApp();
const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";

describe("GET /", () => {
  it("sends a browser on to the dashboard with 303", async () => {
    const response = await app.request("/", { headers: { accept: BROWSER } });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/dashboard");
    expect(response.headers.get("vary")).toMatch(/accept/i);
  });

  it.each([["no Accept", undefined], ["*/*", "*/*"], ["application/json", "application/json"], ["JSON first", "application/json, text/html;q=0.5"]])(
    "answers an API client (%s) with the index of the dashboard, the docs and the OpenAPI document",
    async (_name, accept) => {
      const response = await app.request("/", { headers: accept === undefined ? {} : { accept } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(response.headers.get("vary")).toMatch(/accept/i);
      expect(await response.json()).toEqual({ status: "success", code: 200, data: { dashboard: "/dashboard", docs: "/docs", openapi: "/api/v1/openapi.json" } });
    },
  );

  it("links only to routes this app serves", async () => {
    expect((await app.request("/dashboard")).status).toBe(303);
    expect((await app.request("/docs")).status).toBe(200);
    expect((await app.request("/api/v1/openapi.json")).status).toBe(200);
  });

  it("answers HEAD like GET, and 405 to other methods", async () => {
    expect((await app.request("/", { method: "HEAD", headers: { accept: BROWSER } })).status).toBe(303);
    const post = await app.request("/", { method: "POST" });
    expect(post.status).toBe(405);
    expect((await post.json()).error_code).toBe("method_not_allowed");
  });
});

describe("prefersHtml", () => {
  it.each([
    [BROWSER, true],
    ["text/html", true],
    ["text/*", true],
    ["text/html;q=0.4, application/json;q=0.9", false],
    ["text/html;q=0.9, */*;q=0.1", true],
    ["*/*", false],
    ["application/json", false],
    ["", false],
    [null, false],
  ])("%j → %s", (accept, expected) => {
    expect(prefersHtml(accept)).toBe(expected);
  });
});
