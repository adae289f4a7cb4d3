import { spawnSync } from "node:child_process";
import { closeSync, constants, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ConformanceLimits } from "./limits.ts";
import { type ConformanceOptions, runConformance } from "./run-conformance.ts";
import { type FixtureServer, HOSTILE_PLAYS, type HostilePlay, startHostileDeployment, startOtherOrigin } from "./testing/hostile-deployment.ts";

// Keys with characters that URL-encoding, base64 and XML escaping all change, so each encoded form is distinct.
const KEY = "tk_dev_hostile/key+with=specials&<0123456789>";
const LIMITED = "tk_dev_limited/key+with=specials&<9876543210>";
const SENTINEL = "sentinel-from-outside-the-project-5f3a";
/** Small time bounds so the time cases end quickly; the size bounds are the defaults. */
const LIMITS: Partial<ConformanceLimits> = { requestMs: 2000, runMs: 60_000 };

const forms = (secret: string) => [secret, encodeURIComponent(secret), Buffer.from(secret).toString("base64"), Buffer.from(secret).toString("base64url"), secret.replaceAll("&", "&amp;").replaceAll("<", "&lt;")];

describe("the suite against a hostile deployment (issue 25: 8–10)", () => {
  let other: FixtureServer;
  let dir: string;
  let fifo: string;

  beforeAll(async () => {
    other = await startOtherOrigin();
    dir = mkdtempSync(join(tmpdir(), "hostile-"));
    fifo = join(dir, "outside.json");
    // A FIFO: whoever opens it for reading is seen at once (a writer's non-blocking open then succeeds).
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
  });

  afterAll(async () => {
    await other?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  afterEach(() => {
    // No request of any run ever reached the other origin: not a redirected one, not an external $ref.
    expect(other.seen).toEqual([]);
  });

  async function play(name: HostilePlay, extra: Partial<ConformanceOptions> = {}) {
    const context = { otherOrigin: other.url, fileUrl: pathToFileURL(fifo).href, apiKey: KEY, rateLimitedKey: LIMITED };
    const deployment = await startHostileDeployment(HOSTILE_PLAYS[name], context);
    const lines: string[] = [];
    const junitFile = join(dir, `${name}.xml`);
    try {
      const report = await runConformance({ baseUrl: deployment.url, apiKey: KEY, rateLimitedKey: LIMITED, log: (line) => lines.push(line), junitFile, ...extra, limits: { ...LIMITS, ...extra.limits } });
      const output = lines.join("\n");
      const junit = readFileSync(junitFile, "utf8");
      for (const secret of [KEY, LIMITED]) for (const form of forms(secret)) expect(`${output}\n${junit}`).not.toContain(form);
      return { report, output, deployment };
    } finally {
      await deployment.close();
    }
  }

  /** Whether anything opened the FIFO for reading while `run` ran; if so it is fed the sentinel. */
  async function watchFifo<T>(run: () => Promise<T>): Promise<{ opened: boolean; result: T }> {
    let opened = false;
    const poll = setInterval(() => {
      try {
        const fd = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
        opened = true;
        writeSync(fd, JSON.stringify({ type: "string", description: SENTINEL }));
        closeSync(fd);
      } catch {
        // ENXIO: no reader has it open.
      }
    }, 5);
    try {
      const result = await run();
      return { opened, result };
    } finally {
      clearInterval(poll);
    }
  }

  it("passes the baseline deployment, so each failure below is the play's", async () => {
    const { report, output } = await play("baseline");
    expect(report.failed).toBe(0);
    expect(report.passed).toBeGreaterThan(0);
    expect(output).not.toContain("FAIL");
  }, 60_000);

  it("never opens a file: $ref: the run fails naming the reference and the file is not read", async () => {
    const { opened, result } = await watchFifo(() => play("external-file-ref"));
    expect(opened).toBe(false);
    expect(result.output).toContain("FAIL only references inside the served document");
    expect(result.output).toContain(pathToFileURL(fifo).href);
    expect(result.output).not.toContain(SENTINEL);
    expect(result.report.failed).toBe(1);
  }, 60_000);

  it.each([
    ["external-http-ref", "FAIL only references inside the served document", "/schema.json"],
    ["relative-ref", "FAIL only references inside the served document", '"schema.json#/Key"'],
    ["endless-document", "FAIL the document size limit (10 MiB, --max-document-bytes)", "sent more than 10485760 bytes"],
    ["huge-declared-document", "FAIL the document size limit (10 MiB, --max-document-bytes)", "announced 1099511627776 bytes"],
    ["trickled-document", "FAIL the request time limit (2 s, --request-timeout)", "GET /api/v1/openapi.json was not answered in full within 2 s"],
    ["silent-document", "FAIL the request time limit (2 s, --request-timeout)", "GET /api/v1/openapi.json was not answered in full within 2 s"],
    ["endless-answer", "FAIL the answer size limit (1 MiB, --max-answer-bytes)", "GET /api/v1/keys/current sent more than 1048576 bytes"],
    ["trickled-answer", "FAIL the request time limit (2 s, --request-timeout)", "GET /api/v1/keys/current was not answered in full within 2 s"],
    ["diamond-refs", "FAIL the schema size limit (2,000,000 nodes)", "the document inlines to more than that"],
    ["huge-min-length", "FAIL the schema length limit (65,536)", "minLength 400000000 at #/paths/~1execute~1echo/post"],
    ["deep-nesting", "FAIL the schema depth limit (64 levels)", "the document nests deeper than that"],
    ["cross-origin-redirect", "FAIL no key sent to another origin", "307 redirect to another origin: http://127.0.0.1:"],
    ["same-origin-redirect", "FAIL no redirect on the suite's own requests", "/api/v1/keys/current-elsewhere (not followed"],
    ["redirect-rate-limited-key", "FAIL no key sent to another origin", "(not followed: the key is never sent there)"],
  ] as const)("%s ends the run with a failure naming it", async (name, title, actual) => {
    const { report, output } = await play(name);
    expect(output).toContain(title);
    expect(output).toContain(actual);
    expect(report.failures.at(-1)?.title).toBe(title.slice("FAIL ".length));
  }, 60_000);

  it("ends a run that passes its total time with the run time limit", async () => {
    const { output } = await play("slow-answers", { limits: { runMs: 1000 } });
    expect(output).toContain("FAIL the run time limit (1 s, --run-timeout)");
    expect(output).toContain("the run was still going after 1 s");
  }, 60_000);

  it("evaluates the document's patterns in linear time: ^(a+)+$ against 40 a's and a ! fails the case, at once", async () => {
    const { report, output } = await play("backtracking-pattern");
    expect(output).toContain("FAIL GET /keys/current with X-API-Key → 200");
    expect(output).toContain("/data/key/name must match the pattern ^(a+)+$");
    expect(report.failures.map((failure) => failure.id).sort()).toEqual(["keys.current", "keys.current-bearer"]);
  }, 60_000);

  it("judges a redirected case as its answer and never follows it with the key", async () => {
    const { report } = await play("redirect-bearer-cases");
    expect(report.failures.map((failure) => failure.id)).toEqual(["keys.current-bearer"]);
    expect(report.failures[0].message).toContain("got 307");
  }, 60_000);
});
