import SwaggerParser from "@apidevtools/swagger-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/harness.ts";
import { createAjv } from "../../tools/ajv-schema-validator.ts";
import { serverTools } from "../../tools/index.ts";
import { ERROR_CODES, ERRORS } from "../../../domain/error-table.ts";
import type { OpenApiDocument } from "./build-openapi.ts";
import { toJsonSchema } from "./openapi-to-json-schema.ts";
import { toPascalCase } from "./tool-paths.ts";

let document: OpenApiDocument;
let response: Response;

beforeAll(async () => {
  response = await createTestApp().app.request("/api/v1/openapi.json");
  document = (await response.clone().json()) as OpenApiDocument;
});

const operation = (path: string, method: string) => document.paths[path][method] as Record<string, any>;

describe("GET /api/v1/openapi.json", () => {
  it("answers 200 JSON without a key", () => {
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(document.openapi).toBe("3.0.3");
  });

  it("is a valid OpenAPI 3.0.3 document for swagger-parser", async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it("has one typed execute path per server tool, with its examples", () => {
    for (const tool of serverTools) {
      const post = operation(`/execute/${tool.id}`, "post");
      const name = toPascalCase(tool.id);
      const request = post.requestBody.content["application/json"];
      expect(request.schema.$ref).toBe(`#/components/schemas/${name}Request`);
      expect(Object.keys(request.examples)).toHaveLength(tool.examples.length);
      expect(post.responses["200"].content["application/json"].schema.$ref).toBe(`#/components/schemas/${name}Result`);
      expect(document.components.schemas[`${name}Input`]).toBeDefined();
      expect(document.components.schemas[`${name}Output`]).toBeDefined();
    }
  });

  it("derives every error_code enum from the ERRORS table", () => {
    const schemas = document.components.schemas as Record<string, any>;
    expect(schemas.ErrorCode.enum).toEqual(ERROR_CODES);
    // 405 is answered by every route for its other methods and is described in info, not per operation.
    const documented = new Set(Object.keys(schemas).filter((name) => /^Error\d{3}$/.test(name)).map((name) => Number(name.slice(5))));
    for (const status of documented) {
      const expected = ERROR_CODES.filter((code) => ERRORS[code].status === status);
      expect(schemas[`Error${status}`].allOf[1].properties.error_code.enum).toEqual(expected);
    }
  });

  it("declares both API key schemes, the session cookie and the CSRF header", () => {
    const schemes = document.components.securitySchemes as Record<string, any>;
    expect(schemes.ApiKeyHeader).toMatchObject({ type: "apiKey", in: "header", name: "X-API-Key" });
    expect(schemes.BearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(schemes.SessionCookie).toMatchObject({ type: "apiKey", in: "cookie" });
    expect(schemes.CsrfToken).toMatchObject({ type: "apiKey", in: "header", name: "X-CSRF-Token" });
    expect(document.security).toEqual([{ ApiKeyHeader: [] }, { BearerAuth: [] }]);
    expect(operation("/workspaces", "post").security).toEqual([{ SessionCookie: [], CsrfToken: [] }]);
  });

  it("puts the rate-limit headers on keyed responses and Retry-After on 429", () => {
    const responses = document.components.responses as Record<string, any>;
    const execute = operation("/execute/hash-text", "post").responses;
    expect(Object.keys(execute["200"].headers)).toEqual(expect.arrayContaining(["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"]));
    expect(execute["422"].$ref).toBe("#/components/responses/InvalidInputWithRateLimit");
    expect(execute["401"].$ref).toBe("#/components/responses/Unauthorized");
    expect(execute["429"].$ref).toBe("#/components/responses/RateLimitedWithRateLimit");
    expect(Object.keys(responses.RateLimitedWithRateLimit.headers)).toEqual(expect.arrayContaining(["Retry-After", "X-RateLimit-Remaining"]));
    expect(Object.keys(responses.RateLimited.headers)).toEqual(["X-Request-Id", "Retry-After"]);
    expect(responses.Unauthorized.headers["X-RateLimit-Limit"]).toBeUndefined();
  });
});

describe("tool schemas in the document", () => {
  const ajv = createAjv();
  const cases = serverTools.flatMap((tool) => tool.examples.map((example, index) => ({ tool, example, name: `${tool.id} example ${index + 1}` })));

  it.each(cases)("accept $name (the conversion never tightens a schema)", ({ tool, example }) => {
    const name = toPascalCase(tool.id);
    const input = ajv.compile(toJsonSchema(document.components.schemas[`${name}Input`], document));
    expect(input(structuredClone(example.input)), JSON.stringify(input.errors)).toBe(true);
    if (example.output === undefined) return;
    const output = ajv.compile(toJsonSchema(document.components.schemas[`${name}Output`], document));
    expect(output(example.output), JSON.stringify(output.errors)).toBe(true);
  });
});
