import { describe, expect, it } from "vitest";
import { excerpt, quote } from "../../domain/excerpt.ts";
import { defineTool } from "../../domain/tool.ts";
import { err } from "../../domain/result.ts";
import { invalidField } from "../../domain/errors.ts";
import { createTestApp, postJson } from "../testing/harness.ts";
import { jsonToCsv } from "../tools/json-data/json-to-csv.ts";
import { MAX_DETAILS, MAX_MESSAGE_CHARS, MAX_PATH_CHARS } from "../../domain/error-text.ts";

/** A tool that refuses by echoing its whole input, as a careless tool (or a parser's message) would. */
const echoRefusal = defineTool({
  id: "echo-refusal",
  name: "Echo refusal",
  category: "dev",
  description: "Refuses every input, quoting it whole.",
  input: { type: "object", required: ["text"], properties: { text: { type: "string" } } },
  output: { type: "object" },
  examples: [{ title: "refused", input: { text: "x" } }],
  run: (input: { text: string }) => err(invalidField("text", `Cannot use ${input.text}`)),
});

async function setup() {
  const test = createTestApp({ tools: [echoRefusal, jsonToCsv], maxBodyBytes: 4 * 1024 * 1024 });
  const key = await test.createKey({ limit: 1000 });
  return { ...test, auth: { "x-api-key": key.secret } };
}

describe("error answers quote at most a short excerpt of the input", () => {
  it("cuts excerpts at the limit with an ellipsis and never splits a surrogate pair", () => {
    expect(excerpt("abcdef", 10)).toBe("abcdef");
    expect(excerpt("abcdef", 4)).toBe("abc…");
    expect(excerpt("ab😀cd", 4)).toBe("ab…");
    expect(quote("z".repeat(100), 5)).toBe('"zzzz…"');
  });

  it("answers a tool refusal that echoes a 1 MB input in a few hundred bytes", async () => {
    const { app, auth } = await setup();
    const text = "q".repeat(1024 * 1024);
    const response = await postJson(app, "/api/v1/execute/echo-refusal", { input: { text } }, auth);
    const raw = await response.text();
    expect(response.status).toBe(422);
    expect(raw.length).toBeLessThan(2 * (MAX_MESSAGE_CHARS + MAX_PATH_CHARS) + 200);
    const body = JSON.parse(raw);
    expect(body.details[0].message.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
    expect(body.details[0].message.startsWith("Cannot use qqq")).toBe(true);
  });

  it("bounds paths and the number of details when many long member names break the schema", async () => {
    const { app, auth } = await setup();
    const input: Record<string, string> = { text: "x" };
    for (let i = 0; i < 200; i++) input[`${i}-${"k".repeat(5000)}`] = "v";
    const response = await postJson(app, "/api/v1/execute/json-to-csv", { input }, auth);
    const body = JSON.parse(await response.text());
    expect(response.status).toBe(422);
    expect(body.details.length).toBeLessThanOrEqual(MAX_DETAILS);
    for (const issue of body.details) expect(issue.path.length).toBeLessThanOrEqual(MAX_PATH_CHARS);
  });

  it("quotes only the start of an over-long member name in json-to-csv's own refusal", async () => {
    const { app, auth } = await setup();
    const key = "n".repeat(100_000);
    const json = JSON.stringify([{ [key]: { nested: true } }]);
    const response = await postJson(app, "/api/v1/execute/json-to-csv", { input: { json } }, auth);
    const body = JSON.parse(await response.text());
    expect(response.status).toBe(422);
    expect(body.details[0].message).toContain('"nnnn');
    expect(body.details[0].message.length).toBeLessThan(200);
  });
});
