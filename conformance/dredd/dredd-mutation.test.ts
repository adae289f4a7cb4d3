import { describe, it } from "vitest";
import { type Mutant, startMutatingProxy } from "../mutating-proxy.ts";
import { MUTANTS } from "../mutants.ts";
import { bootedTarget } from "../testing/booted-target.ts";
import { runDreddConformance } from "./run-dredd.ts";

/**
 * What the Dredd engine sees of the mutation test's faults (conformance/mutants.ts), measured: the same real server
 * behind the same mutating proxy, Dredd a real child process. `null` marks a fault Dredd cannot see; docs/conformance.md
 * lists those, and this table keeps it honest (a fault that starts being caught fails its test here).
 */
const DREDD_SEES: Readonly<Record<string, RegExp | null>> = {
  "an output field renamed": /POST \/api\/v1\/execute\/\S+ → 200[\s\S]*body: At '\/data\/output\/\w+' Missing required property/,
  "an error envelope whose code differs from the status": /→ (401|429)[\s\S]*body: At '\/code' No enum match/,
  "X-Ratelimit-Remaining out of its documented range": null,
  "X-Ratelimit-Remaining missing": /headers: At '\/x-ratelimit-remaining' Missing required property/,
  "a 401 body that varies with the reason": null,
  "a 200 after the limit is spent": /→ 429[\s\S]*statusCode: Expected status code '429', but got '200'/,
  "a 500 on a valid input": /→ 200[\s\S]*statusCode: Expected status code '200', but got '500'/,
  "an undocumented status": null,
  "a served document that promises an output field the server never sends": /Missing required property: promisedField/,
  "a served document listing a tool the server does not have": /POST \/api\/v1\/execute\/ghost-tool → 200[\s\S]*Expected status code '200', but got '404'/,
  // These two the engine's own reading of the served document refuses (the default engine's check), before Dredd.
  "a served document that is not OpenAPI 3.0.x": /the served document is not OpenAPI 3\.0\.x/,
  "a served document with a broken $ref": /#\/components\/responses\/Missing/,
};

/** A fault only the Dredd engine's Content-Type check is there for. */
const WRONG_MEDIA_TYPE: Mutant = {
  name: "a Content-Type other than the documented one",
  answer: (answer) => {
    if (answer.status === 200 && answer.headers.has("x-ratelimit-limit")) answer.headers.set("content-type", "application/vnd.other+json");
  },
};

/** Two properties the output schema does not allow: gavel words both alike and without the property's name. */
const TWO_EXTRA_FIELDS: Mutant = {
  name: "two undocumented output fields",
  answer: (answer, request) => {
    if (answer.status !== 200 || !/^\/api\/v1\/execute\/hash-text$/.test(request.path)) return;
    const body = JSON.parse(answer.body) as { data: { output: Record<string, unknown> } };
    Object.assign(body.data.output, { extraOne: 1, extraTwo: 2 });
    answer.body = JSON.stringify(body);
  },
};

/** Runs at most `count` jobs at once; the others wait their turn. */
function atMost(count: number): <T>(job: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (job) => {
    while (running >= count) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await job();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/**
 * Two runs at a time (`describe.concurrent`, then `atMost`): while one run's Dredd child starts (seconds of CPU),
 * the other's requests keep this process busy. Five at once shared two loaded cores worse than one after another.
 * Each run has its own proxy in front of the one server, so no run sees another's fault. Sharing the server is safe:
 * Dredd sends no session request, the generous key has room for every run, and the rate-limited key stays spent for
 * the day once any run has spent it.
 */
const twoAtATime = atMost(2);

describe.concurrent("the Dredd engine against the mutation test's faults", () => {
  const target = bootedTarget();

  /**
   * A short run: every operation but the per-tool ones, plus the first tool's (the one the document mutants edit)
   * and the ghost tool's (the one a mutant adds).
   */
  const run = (mutant: Mutant, bail: boolean) => twoAtATime(async () => {
    const proxy = await startMutatingProxy(target().baseUrl);
    proxy.use(mutant);
    const lines: string[] = [];
    const select = (operation: string) => !/^POST \/execute\/[^{]/.test(operation) || operation === "POST /execute/hash-text" || operation === "POST /execute/ghost-tool";
    try {
      const report = await runDreddConformance({ baseUrl: proxy.url, apiKey: target().apiKey, rateLimitedKey: target().rateLimitedKey, bail, select, log: (line) => lines.push(line) });
      return { ...report, text: lines.join("\n") };
    } finally {
      await proxy.close();
    }
  });

  it("has a verdict for every fault of the mutation test", ({ expect }) => {
    expect(Object.keys(DREDD_SEES).sort()).toEqual(MUTANTS.map((mutant) => mutant.name).sort());
  });

  const seen = MUTANTS.filter((mutant) => DREDD_SEES[mutant.name]);
  it.for(seen.map((mutant) => [mutant.name, mutant] as const))("fails a deployment with %s", { timeout: 120_000 }, async ([name, mutant], { expect }) => {
    const report = await run(mutant, true);
    expect(report.failed, report.text).toBeGreaterThan(0);
    expect(report.text).toMatch(DREDD_SEES[name] as RegExp);
    for (const secret of [target().apiKey, target().rateLimitedKey ?? "unset"]) expect(report.text).not.toContain(secret);
  });

  const unseen = MUTANTS.filter((mutant) => DREDD_SEES[mutant.name] === null);
  it.for(unseen.map((mutant) => [mutant.name, mutant] as const))("passes a deployment with %s: Dredd cannot see it", { timeout: 120_000 }, async ([, mutant], { expect }) => {
    const report = await run(mutant, false);
    expect(report.failures.map((failure) => `${failure.title}: ${failure.message}`)).toEqual([]);
    expect(report.passed).toBeGreaterThan(0);
  });

  it("says where each schema error is, each once: no doubled `data/data` path, the extra property named", async ({ expect }) => {
    const report = await run(TWO_EXTRA_FIELDS, false);
    const failure = report.failures.find((result) => result.title === "POST /api/v1/execute/hash-text → 200");
    const lines = (failure?.message ?? "").split("\n");
    expect(lines, report.text).toEqual(expect.arrayContaining([
      "body: At '/data/output/extraOne' should NOT have additional properties",
      "body: At '/data/output/extraTwo' should NOT have additional properties",
    ]));
    expect(new Set(lines).size).toBe(lines.length);
    expect(report.text).not.toContain("data/data");
  }, 120_000);

  it("fails a deployment whose answers carry another Content-Type", async ({ expect }) => {
    const report = await run(WRONG_MEDIA_TYPE, true);
    expect(report.failed).toBeGreaterThan(0);
    expect(report.text).toMatch(/headers: At '\/content-type' No enum match/);
  }, 120_000);
});
