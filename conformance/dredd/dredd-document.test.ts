import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { buildOpenApiDocument } from "../../adapters/http/openapi/build-openapi.ts";
import { tools } from "../../adapters/tools/index.ts";
import type { Document } from "../expectations.ts";
import { planKey, toDreddInput } from "./dredd-document.ts";
import { toDreddJson } from "./dredd-json.ts";
import { forGavel } from "./gavel-schema.ts";

const served = buildOpenApiDocument({ tools }) as unknown as Document;
const VERBS = ["get", "put", "post", "patch", "delete"];
const operationsOf = (document: { paths: Record<string, Record<string, unknown>> }) =>
  Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).filter((key) => VERBS.includes(key)).map((method) => `${method.toUpperCase()} ${path}`));

/** A minimal OpenAPI 3.0 document around the given paths, with the API key scheme this API uses. */
function documentWith(paths: Record<string, unknown>): Document {
  return {
    openapi: "3.0.3",
    info: { title: "t", version: "1" },
    servers: [{ url: "/api/v1" }],
    security: [{ ApiKeyHeader: [] }],
    components: { securitySchemes: { ApiKeyHeader: { type: "apiKey", in: "header", name: "X-API-Key" } } },
    paths,
  } as unknown as Document;
}
const ok = { description: "ok", content: { "application/json": { schema: { type: "object" } } } };

describe("toDreddInput (the document Dredd reads, derived from the served one)", () => {
  const withLimited = toDreddInput(served, { rateLimited: true });

  it("keeps or names every operation of the served document, and leaves no path template for Dredd to expand", () => {
    const kept = operationsOf(withLimited.document as never);
    const leftOut = withLimited.leftOut.filter((line) => /^[A-Z]+ \//.test(line));
    expect(kept.length + leftOut.length).toBe(operationsOf(served).length);
    expect(kept.filter((operation) => operation.includes("{"))).toEqual([]);
    // Under the document's server, or the server a path item names itself (OAuth's discovery documents, at the root).
    expect(kept.filter((operation) => !operation.split(" ")[1].startsWith("/api/v1/"))).toEqual(expect.arrayContaining(["GET /.well-known/oauth-authorization-server"]));
    expect(kept.filter((operation) => !/^\/(api\/v1|\.well-known)\//.test(operation.split(" ")[1]))).toEqual([]);
    expect(leftOut).toContain("GET /oauth/authorize: it needs the query parameter response_type");
    expect(leftOut).toContain("GET /workspaces: needs a signed-in session (the default engine signs up accounts for it)");
    expect(leftOut).toContain("POST /auth/sign-up: an unkeyed write: each run would create an account, and sign-ups are limited per client address (the default engine checks it with throwaway accounts)");
  });

  it("says why each unkeyed write is left out in its own words: sign-in creates no account", () => {
    const signIn = withLimited.leftOut.find((line) => line.startsWith("POST /auth/sign-in: "));
    expect(signIn).toBe("POST /auth/sign-in: an unkeyed write: it needs an existing account's email and password, and failed sign-ins are throttled per address and per account (the default engine checks it with the accounts it signs up)");
    expect(withLimited.leftOut.filter((line) => /creates? (an )?accounts?/.test(line) && !line.startsWith("POST /auth/sign-up:"))).toEqual([]);
  });

  it("fills path parameters from the document's examples, and the built-in pack from the contract", () => {
    const paths = Object.keys((withLimited.document as { paths: object }).paths);
    expect(paths).toContain("/api/v1/execute/hash-text");
    // POST /execute/{tool} with its example is that same path: a query the server ignores keeps the two apart.
    expect(paths).toContain("/api/v1/execute/hash-text?operation=executeTool");
    expect(paths).toContain("/api/v1/tools/hash-text/execute");
    expect(paths).toContain("/api/v1/tools/hash-text");
    expect(paths).toContain("/api/v1/marketplace/packs/core");
  });

  it("gives each operation one request example: the served document's first", () => {
    const paths = (withLimited.document as { paths: Record<string, Record<string, any>> }).paths;
    expect(paths["/api/v1/execute/hash-text"].post.requestBody).toEqual({ content: { "application/json": { example: { input: { algorithm: "sha256", text: "abc" } } } } });
  });

  it("plans the success with the key, 401 without one and 429 with the spent key for a keyed operation; a public one only succeeds", () => {
    const execute = "/api/v1/execute/hash-text";
    expect(withLimited.plan[planKey("POST", execute, 200)].credentials).toBe("key");
    expect(withLimited.plan[planKey("POST", execute, 401)].credentials).toBe("none");
    expect(withLimited.plan[planKey("POST", execute, 429)].credentials).toBe("limited");
    expect(withLimited.plan[planKey("POST", execute, 200)].headers).toEqual(["X-Request-Id", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"]);
    expect(Object.keys(withLimited.plan).filter((key) => key.includes(" /api/v1/health "))).toEqual(["GET /api/v1/health 200"]);
    const without = toDreddInput(served, { rateLimited: false });
    expect(Object.keys(without.plan).filter((key) => key.endsWith(" 429"))).toEqual([]);
    expect(without.leftOut).toContain("every 429 answer: no rate-limited key was given");
  });

  it("carries the served body schema for the hooks, as draft-07", () => {
    const schema = withLimited.plan[planKey("POST", "/api/v1/execute/hash-text", 200)].bodySchema as any;
    expect(schema.$schema).toBe("http://json-schema.org/draft-07/schema#");
    expect(JSON.stringify(schema)).not.toContain("$ref");
    expect(JSON.stringify(schema)).toContain('"digest"');
  });

  it("leaves out, with the reason, an operation whose path parameter or required query parameter has no value", () => {
    const input = toDreddInput(
      documentWith({
        "/things/{id}": { get: { parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }], responses: { "200": ok } } },
        "/search": { get: { parameters: [{ name: "q", in: "query", required: true, schema: { type: "string" } }], responses: { "200": ok } } },
        "/kinds/{kind}": { get: { parameters: [{ name: "kind", in: "path", required: true, schema: { type: "string", enum: ["a b", "c"] } }], responses: { "200": ok, "401": ok } } },
      }),
      { rateLimited: false },
    );
    expect(input.leftOut).toContain("GET /things/{id}: its path parameter {id} has no example");
    expect(input.leftOut).toContain("GET /search: it needs the query parameter q");
    expect(Object.keys(input.plan)).toEqual(["GET /api/v1/kinds/a%20b 200", "GET /api/v1/kinds/a%20b 401"]);
  });
});

describe("forGavel (a schema for Dredd's ajv 6)", () => {
  it("drops the formats ajv 6 would refuse, keeps the ones it knows, and leaves a property named format alone", () => {
    const schema = { type: "object", properties: { format: { enum: ["svg", "png"] }, mail: { type: "string", format: "email" }, n: { type: "integer", format: "int64" }, s: { type: "string", format: "codepoints" } } };
    expect(forGavel(schema)).toEqual({
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: { format: { enum: ["svg", "png"] }, mail: { type: "string", format: "email" }, n: { type: "integer" }, s: { type: "string" } },
    });
  });

  it("drops a pattern that needs the u flag, which ajv 6 does not set", () => {
    expect(forGavel({ anyOf: [{ type: "string", pattern: "^\\p{L}+$" }, { type: "string", pattern: "^[a-z]+$" }] })).toEqual({
      $schema: "http://json-schema.org/draft-07/schema#",
      anyOf: [{ type: "string" }, { type: "string", pattern: "^[a-z]+$" }],
    });
    expect(forGavel({ type: "string", pattern: "^(?P<year>\\d{4})$" })).toEqual({ $schema: "http://json-schema.org/draft-07/schema#", type: "string" });
  });
});

describe("toDreddJson", () => {
  it("writes numbers so that a YAML 1.1 reader (Dredd's) reads back the same values", () => {
    const value = { tiny: 5e-324, big: 1e21, plain: 1.5, list: [-2e-7, "5e-324"] };
    expect(parse(toDreddJson(value), { version: "1.1" })).toEqual(value);
    expect(JSON.parse(toDreddJson(value))).toEqual(value);
  });
});
