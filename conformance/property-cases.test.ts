import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../adapters/http/openapi/build-openapi.ts";
import { tools } from "../adapters/tools/index.ts";
import { invalidField } from "../domain/errors.ts";
import { err, ok } from "../domain/result.ts";
import { defineTool } from "../domain/tool.ts";
import { toolsOf } from "./document-tools.ts";
import type { Document } from "./expectations.ts";
import { propertyCases } from "./property-cases.ts";
import { isValidAgainst } from "./response-check.ts";
import { runConformance } from "./run-conformance.ts";

/** The wifi bug as it was: the schema calls the password optional, the tool refuses WPA without one. */
const passwordlessWpa = defineTool({
  id: "passwordless-wpa",
  name: "Passwordless WPA",
  category: "fixtures",
  description: "A tool whose schema allows a body its run refuses.",
  input: {
    type: "object",
    required: ["ssid"],
    additionalProperties: false,
    properties: {
      ssid: { type: "string", minLength: 1, maxLength: 32 },
      password: { type: "string", maxLength: 63 },
      encryption: { type: "string", enum: ["WPA", "nopass"], default: "WPA" },
      json: { type: "string", maxLength: 64, "x-tool-checks": "JSON text" },
    },
  },
  output: { type: "object", required: ["ok"], additionalProperties: false, properties: { ok: { type: "boolean" } } },
  examples: [{ title: "an open network", input: { ssid: "Guest", encryption: "nopass", json: "{}" }, output: { ok: true } }],
  run: (input: { ssid: string; password?: string; encryption: string; json?: string }) => {
    if (input.encryption === "WPA" && input.password === undefined) return err(invalidField("password", "A WPA network needs a password."));
    if (input.json !== undefined && !isJson(input.json)) return err(invalidField("json", "Not JSON."));
    return ok({ ok: true });
  },
});

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const refusal = (path: string) => ({ status: "error", code: 422, error_code: "invalid_input", message: "The input is invalid.", details: [{ path, message: "no" }] });

describe("property cases of schema-valid bodies", () => {
  const document = buildOpenApiDocument({ tools: [passwordlessWpa] }) as unknown as Document;
  const cases = propertyCases({ document, tools: toolsOf(document), seed: 1, maxCases: 100 }).filter((testCase) => testCase.status === 200);

  it("accept a refusal only at a member marked x-tool-checks, and name the tool and the body", () => {
    expect(cases.length).toBeGreaterThan(0);
    for (const testCase of cases) {
      expect(testCase.title).toContain("passwordless-wpa: valid input");
      expect(testCase.title).toContain(JSON.stringify(testCase.body?.value));
      const [alternative] = testCase.alternatives ?? [];
      expect(alternative?.status).toBe(422);
      expect(isValidAgainst(alternative.bodySchema, refusal("/input/json"))).toBe(true);
      expect(isValidAgainst(alternative.bodySchema, refusal("/input/password"))).toBe(false);
      expect(isValidAgainst(alternative.bodySchema, { ...refusal("/input/json"), details: [] })).toBe(false);
    }
  });

  it("take a marked member's values from the documented examples", () => {
    const values = cases.map((testCase) => (testCase.body?.value as { input: { json?: string } }).input.json).filter((json) => json !== undefined);
    expect(values.length).toBeGreaterThan(0);
    expect(new Set(values)).toEqual(new Set(["{}"]));
  });
});

describe("the conformance suite against a real server", () => {
  it("fails a tool whose schema allows a body its run refuses, naming the tool and the body", async () => {
    const report = await runConformance({ serverTools: [passwordlessWpa], maxCases: 40, timeBudgetSeconds: 120, log: () => {} });
    const refused = report.failures.filter((failure) => failure.group === "property");
    expect(refused.length).toBeGreaterThan(0);
    for (const failure of refused) {
      expect(failure.title).toMatch(/^passwordless-wpa: valid input .*\{"input":\{.*"ssid":/);
      expect(failure.actual).toMatch(/^422 .*\/input\/password/);
    }
  }, 240_000);

  it("finds no schema-valid body of any catalog tool that the server refuses", async () => {
    const report = await runConformance({ maxCases: 100_000, timeBudgetSeconds: 900, seed: 1, log: () => {} });
    // Refusals only: a 504 on a loaded machine is the time cap's business, not a disagreement about the body.
    const refused = report.failures.filter((failure) => failure.group === "property" && /^4\d\d /.test(failure.actual));
    const failures = refused.map((failure) => `${failure.title}\n  ${failure.actual}`);
    expect(failures, failures.join("\n")).toEqual([]);
    expect(report.results.filter((result) => result.group === "property" && result.outcome === "pass").length).toBeGreaterThan(tools.length * 5);
  }, 1_200_000);
});
