// What a server's tool processes load: of the catalog, only the isolated tools it serves, so a child never loads (nor
// warms) the library of a tool nobody can call on that server; then its packs and its own isolated tools.
import { afterAll, describe, expect, it } from "vitest";
import { hashText } from "./crypto/hash-text.ts";
import { passwordStrength } from "./crypto/password-strength.ts";
import { serverTools } from "./index.ts";
import { jsonFormatter } from "./json-data/json-formatter.ts";
import { mathEvaluator } from "./math/math-evaluator.ts";
import { catalogModule, catalogModules, poolModules, ProcessPoolToolRunner } from "./process-pool.ts";
import { whereItRan } from "../core/testing/own-worker-tools.ts";

const runners: ProcessPoolToolRunner[] = [];
afterAll(() => Promise.all(runners.map((runner) => runner.close())));

describe("catalogModules", () => {
  it("is the whole catalog for a server given no tools of its own", async () => {
    expect(await catalogModules(undefined)).toEqual([catalogModule()]);
  });

  it("is nothing for a server of inline tools only", async () => {
    expect(hashText.worker).toBeFalsy();
    expect(await catalogModules([hashText])).toEqual([]);
  });

  it("names the isolated catalog tools among those served, and only them", async () => {
    expect([passwordStrength, jsonFormatter, mathEvaluator].every((tool) => tool.worker === true)).toBe(true);
    expect(await catalogModules([hashText, passwordStrength, jsonFormatter])).toEqual([{ ...catalogModule(), ids: ["password-strength", "json-formatter"] }]);
  });

  it("does not take a tool of one's own for the catalog's of the same id (a child would run the catalog's)", async () => {
    expect(await catalogModules([{ ...mathEvaluator }])).toEqual([]);
  });

  it("names every isolated catalog tool when served the whole catalog as a list", async () => {
    const [module] = await catalogModules(serverTools);
    expect(module.ids).toEqual(serverTools.filter((tool) => tool.worker).map((tool) => tool.id));
  });
});

describe("poolModules", () => {
  it("adds the packs loaded from a module and one's own isolated tools, each from its definition's module", async () => {
    const packs = [{ id: "example", moduleUrl: "file:///packs/example.mjs" }, { id: "in-code" }];
    expect(await poolModules([hashText, jsonFormatter, whereItRan], packs)).toEqual([
      { ...catalogModule(), ids: ["json-formatter"] },
      { url: "file:///packs/example.mjs", idPrefix: "example." },
      { url: whereItRan.module, ids: ["where-it-ran"] },
    ]);
  });

  it("is the whole catalog and the packs when no tools are given", async () => {
    expect(await poolModules(undefined, [{ id: "example", moduleUrl: "file:///packs/example.mjs" }])).toEqual([catalogModule(), { url: "file:///packs/example.mjs", idPrefix: "example." }]);
  });
});

describe("tool processes given a part of the catalog", () => {
  it("run the tools served and hold no other catalog tool", async () => {
    const runner = new ProcessPoolToolRunner({ modules: await catalogModules([passwordStrength]), concurrency: 1, spares: 0, onError: () => {} });
    runners.push(runner);
    await runner.whenReady();
    const served = await runner.run(passwordStrength, { ...passwordStrength.examples[0].input });
    expect(served.ok).toBe(true);
    await expect(runner.run(mathEvaluator, { ...mathEvaluator.examples[0].input })).rejects.toThrow("this tool process has no tool 'math-evaluator'");
  });
});
