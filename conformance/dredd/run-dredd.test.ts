import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { tools } from "../../adapters/tools/index.ts";
import { main } from "../main.ts";
import { toDreddInput } from "./dredd-document.ts";
import { runDreddProcess } from "./dredd-process.ts";
import { DREDD_VERSION, findDredd } from "./find-dredd.ts";
import { HOOKS, runDreddConformance } from "./run-dredd.ts";

/**
 * The Dredd engine end to end: `tool-api conformance --engine dredd` boots the real server, runs the real Dredd
 * (a child process) with the package's hooks, and reports. What it catches of the mutation test's faults is in
 * dredd-mutation.test.ts.
 */
describe("tool-api conformance --engine dredd", () => {
  let dir: string;
  const lines: string[] = [];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "conformance-dredd-test-"));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    lines.length = 0;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const capture = () => {
    vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
    vi.spyOn(console, "error").mockImplementation((line: string) => void lines.push(line));
  };

  it("passes this checkout's server, says what it leaves out, and writes a JUnit testcase per transaction", async () => {
    capture();
    const junitFile = join(dir, "dredd.xml");
    const code = await main(["--engine", "dredd", "--reporter", "junit", "--output", junitFile], {});
    expect(code, lines.filter((line) => !line.startsWith("dredd:   ")).join("\n")).toBe(0);
    const closing = /^conformance: (\d+) passed, 0 failed, 0 skipped/.exec(lines.at(-1) ?? "");
    expect(closing, lines.slice(-20).join("\n")).not.toBeNull();
    // Each server tool has its own keyed operation, run three ways: with the key, without it, with the spent key.
    const serverTools = tools.filter((tool) => tool.clientOnly !== true).length;
    expect(Number(closing?.[1])).toBeGreaterThan(serverTools * 3);
    expect(lines).toContain(`dredd: Dredd ${DREDD_VERSION} runs ${closing?.[1]} transactions derived from /api/v1/openapi.json as served`);
    expect(lines).toContain("dredd:   GET /workspaces: needs a signed-in session (the default engine signs up accounts for it)");
    expect(lines.some((line) => line.startsWith("dredd: Dredd checks each answer's status"))).toBe(true);
    const xml = readFileSync(junitFile, "utf8");
    expect(xml.match(/<testcase /g)).toHaveLength(Number(closing?.[1]));
    expect(xml).toContain('name="POST /api/v1/execute/hash-text → 429"');
    expect(xml).not.toContain("<failure");
  }, 240_000);

  it("needs the derived document: Dredd 14 refuses a path parameter without an example, and runs the derivation", async () => {
    const server = createServer((_request, response) => response.writeHead(200, { "content-type": "application/json" }).end('{"id":"core"}'));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const served = {
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      servers: [{ url: "/api/v1" }],
      paths: { "/marketplace/packs/{id}": { get: { security: [], parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }], responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "object", required: ["id"] } } } } } } } },
    };
    const dredd = findDredd() as NonNullable<ReturnType<typeof findDredd>>;
    const dreddOn = async (document: unknown, plan: unknown) => {
      const [documentFile, planFile, outcomes] = ["document.json", "plan.json", "outcomes.jsonl"].map((name) => join(dir, name));
      writeFileSync(documentFile, JSON.stringify(document));
      writeFileSync(planFile, JSON.stringify(plan));
      rmSync(outcomes, { force: true });
      const said: string[] = [];
      const env = { TOOL_API_DREDD_PLAN: planFile, TOOL_API_DREDD_OUTCOMES: outcomes, TOOL_API_DREDD_API_KEY: "tk_dev_unused" };
      const exit = await runDreddProcess({ dredd, documentFile, hooksFile: HOOKS, endpoint, env, bail: false, line: (text) => said.push(text), timeoutMs: 60_000 });
      return { exit, said: said.join("\n"), outcomes: existsSync(outcomes) ? readFileSync(outcomes, "utf8") : "" };
    };
    try {
      const refused = await dreddOn({ ...served, paths: { "/api/v1/marketplace/packs/{id}": served.paths["/marketplace/packs/{id}"] } }, {});
      expect(refused.exit.code).not.toBe(0);
      expect(refused.said).toContain("Required URI parameter 'id' has no example or default value");
      const input = toDreddInput(served as never, { rateLimited: false });
      const derived = await dreddOn(input.document, input.plan);
      expect(derived.exit.code, derived.said).toBe(0);
      expect(JSON.parse(derived.outcomes)).toMatchObject({ method: "GET", uri: "/api/v1/marketplace/packs/core", status: "pass" });
    } finally {
      server.close();
    }
  }, 120_000);

  it("refuses the default engine's flags with the usage (exit 2)", async () => {
    capture();
    expect(await main(["--engine", "dredd", "--seed", "3"], {})).toBe(2);
    expect(lines.join("\n")).toContain("--seed belongs to the default engine, not --engine dredd");
    expect(await main(["--engine", "prism"], {})).toBe(2);
    expect(lines.join("\n")).toContain("--engine must be default or dredd");
  });

  it("finds the Dredd this checkout installs", () => {
    const dredd = findDredd();
    expect(dredd?.version).toBe(DREDD_VERSION);
    expect(existsSync(dredd?.bin ?? "")).toBe(true);
  });

  it("without Dredd installed fails at once, saying how to install it, and boots nothing", async () => {
    const nowhere = join(dir, "no-dredd-here.js");
    const report = await runDreddConformance({ dreddFrom: [nowhere], log: (line) => lines.push(line) });
    expect(report.failed).toBe(1);
    expect(report.passed).toBe(0);
    expect(report.failures[0].title).toBe("Dredd is installed");
    expect(lines.join("\n")).toContain(`Dredd is not installed here; install it with: npm install --save-dev --save-exact dredd@${DREDD_VERSION}`);
    expect(lines.at(-1)).toMatch(/^conformance: 0 passed, 1 failed, 0 skipped/);
  });
});
