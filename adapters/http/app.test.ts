import { describe, expect, it } from "vitest";
import { defineTool } from "../../domain/tool.ts";
import { createTestApp, postJson } from "../testing/harness.ts";
import { clientOnlyTools } from "../tools/client-only/client-only-tools.ts";
import { hashText } from "../tools/crypto/hash-text.ts";
import { jsonFormatter } from "../tools/json-data/json-formatter.ts";
import { findUnsafeValue } from "../tools/ajv-schema-validator.ts";

const buggy = defineTool({
  id: "buggy-tool",
  name: "Buggy",
  category: "dev",
  description: "Throws, to prove bugs become 500 without internals.",
  input: { type: "object", additionalProperties: false, properties: {} },
  output: { type: "object", additionalProperties: false, properties: {} },
  examples: [{ title: "none", input: {} }],
  run: () => {
    throw new Error("secret internal detail at /srv/app.ts:12");
  },
});
const tools = [hashText, jsonFormatter, buggy, ...clientOnlyTools];
const HELLO = { input: { algorithm: "sha256", text: "hello world" } };
const HELLO_DIGEST = "b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9";

async function setup(options: Parameters<typeof createTestApp>[0] = {}) {
  const test = createTestApp({ tools, ...options });
  const key = await test.createKey({ limit: 1000 });
  return { ...test, key, auth: { "x-api-key": key.secret } };
}

async function expectError(response: Response, status: number, errorCode: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toBe("application/json");
  const body = await response.json();
  expect(body).toMatchObject({ status: "error", code: status, error_code: errorCode });
  expect(typeof body.message).toBe("string");
  const allowed = errorCode === "invalid_input" ? ["status", "code", "error_code", "message", "details"] : ["status", "code", "error_code", "message"];
  expect(Object.keys(body).sort()).toEqual(allowed.sort());
  return body;
}

describe("POST /api/v1/execute/:tool", () => {
  it("answers the success envelope with the sha256 digest", async () => {
    const { app, auth } = await setup();
    const response = await postJson(app, "/api/v1/execute/hash-text", HELLO, auth);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "success", code: 200, data: { output: { algorithm: "sha256", digest: HELLO_DIGEST } } });
  });

  it("accepts the key as a Bearer token and through the alias route", async () => {
    const { app, key } = await setup();
    const response = await postJson(app, "/api/v1/tools/hash-text/execute", HELLO, { authorization: `Bearer ${key.secret}` });
    expect(response.status).toBe(200);
    expect((await response.json()).data.output.digest).toBe(HELLO_DIGEST);
  });

  it("applies schema defaults before running the tool", async () => {
    const { app, auth } = await setup();
    const response = await postJson(app, "/api/v1/execute/json-formatter", { input: { json: "[1]" } }, auth);
    expect((await response.json()).data.output.formatted).toBe("[\n  1\n]");
  });

  it("accepts a JSON content type with a charset parameter", async () => {
    const { app, auth } = await setup();
    const response = await postJson(app, "/api/v1/execute/hash-text", HELLO, { ...auth, "content-type": "application/json; charset=utf-8" });
    expect(response.status).toBe(200);
  });

  it("answers 400 invalid_json when the body is not JSON", async () => {
    const { app, auth } = await setup();
    await expectError(await postJson(app, "/api/v1/execute/hash-text", "{not json", auth), 400, "invalid_json");
  });

  it.each([["an array", "[]"], ["no input member", "{}"], ["input not an object", '{"input":"x"}'], ["input an array", '{"input":[]}'], ["null", "null"]])(
    "answers 400 invalid_request for %s",
    async (_name, body) => {
      const { app, auth } = await setup();
      await expectError(await postJson(app, "/api/v1/execute/hash-text", body, auth), 400, "invalid_request");
    },
  );

  it("answers 400 client_only_tool for a browser-only tool", async () => {
    const { app, auth } = await setup();
    await expectError(await postJson(app, "/api/v1/execute/geolocation", { input: {} }, auth), 400, "client_only_tool");
  });

  it("answers 404 tool_not_found for an unknown tool id", async () => {
    const { app, auth } = await setup();
    await expectError(await postJson(app, "/api/v1/execute/no-such-tool", { input: {} }, auth), 404, "tool_not_found");
  });

  it("answers 422 invalid_input with JSON Pointer details", async () => {
    const { app, auth } = await setup();
    const response = await postJson(app, "/api/v1/execute/hash-text", { input: { algorithm: "crc32", extra: 1 } }, auth);
    const body = await expectError(response, 422, "invalid_input");
    const paths = body.details.map((d: { path: string }) => d.path).sort();
    expect(paths).toEqual(["/input/algorithm", "/input/extra", "/input/text"]);
    for (const detail of body.details) expect(Object.keys(detail).sort()).toEqual(["message", "path"]);
  });

  it("answers 422 invalid_input when the tool refuses the value", async () => {
    const { app, auth } = await setup();
    const body = await expectError(await postJson(app, "/api/v1/execute/json-formatter", { input: { json: "{" } }, auth), 422, "invalid_input");
    expect(body.details[0].path).toBe("/input/json");
  });

  it("answers 413 payload_too_large for a declared length over the limit", async () => {
    const { app, auth } = await setup({ maxBodyBytes: 64 });
    const big = { input: { algorithm: "sha256", text: "x".repeat(100) } };
    await expectError(await postJson(app, "/api/v1/execute/hash-text", big, auth), 413, "payload_too_large");
  });

  it("answers 413 payload_too_large for a streamed body without a length", async () => {
    const { app, auth } = await setup({ maxBodyBytes: 64 });
    const chunks = new TextEncoder().encode(JSON.stringify({ input: { algorithm: "sha256", text: "y".repeat(200) } }));
    const body = new ReadableStream({ start: (controller) => (controller.enqueue(chunks), controller.close()) });
    const response = await app.request("/api/v1/execute/hash-text", {
      method: "POST", headers: { ...auth, "content-type": "application/json" }, body, duplex: "half",
    } as RequestInit);
    await expectError(response, 413, "payload_too_large");
  });

  it.each([["missing", undefined], ["text/plain", "text/plain"], ["form", "application/x-www-form-urlencoded"]])(
    "answers 415 unsupported_media_type when the content type is %s",
    async (_name, type) => {
      const { app, auth } = await setup();
      const headers: Record<string, string> = { ...auth };
      if (type) headers["content-type"] = type;
      const response = await app.request("/api/v1/execute/hash-text", { method: "POST", headers, body: JSON.stringify(HELLO) });
      await expectError(response, 415, "unsupported_media_type");
    },
  );

  it("answers 500 internal_error without internals when a tool has a bug", async () => {
    const { app, auth, logs } = await setup();
    const response = await postJson(app, "/api/v1/execute/buggy-tool", { input: {} }, auth);
    const body = await expectError(response, 500, "internal_error");
    expect(JSON.stringify(body)).not.toContain("secret internal detail");
    expect(response.headers.get("x-ratelimit-limit")).toBe("1000");
    expect(logs.join("")).toContain("secret internal detail");
  });

  it("answers 405 method_not_allowed with Allow for GET", async () => {
    const { app, auth } = await setup();
    const response = await app.request("/api/v1/execute/hash-text", { headers: auth });
    await expectError(response, 405, "method_not_allowed");
    expect(response.headers.get("allow")).toBe("POST");
  });
});

describe("input the schema cannot describe", () => {
  it("answers 422 for a lone surrogate in any string, with its path", async () => {
    const { app, auth } = await setup();
    const response = await postJson(app, "/api/v1/execute/hash-text", '{"input":{"algorithm":"md5","text":"a\\ud800"}}', auth);
    const body = await expectError(response, 422, "invalid_input");
    expect(body.details).toEqual([{ path: "/input/text", message: "must be well-formed Unicode (no lone surrogates)" }]);
  });

  it("answers 422 for input nested deeper than 64 levels instead of overflowing", () => {
    let deep: unknown = "leaf";
    for (let i = 0; i < 5000; i++) deep = [deep];
    expect(findUnsafeValue({ data: deep }, "/input", 0)).toEqual({ path: `/input/data${"/0".repeat(63)}`, message: "is nested deeper than 64 levels" });
    expect(findUnsafeValue({ data: [[["ok"]]] }, "/input", 0)).toBeUndefined();
    expect(findUnsafeValue({ ["k\udc00"]: 1 }, "/input", 0)?.message).toBe("member names must be well-formed Unicode");
  });
});
