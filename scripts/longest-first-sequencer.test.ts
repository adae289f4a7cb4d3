import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVitest, type TestSpecification, type Vitest } from "vitest/node";
import { LONGEST, LongestFirstSequencer } from "./longest-first-sequencer.ts";

const ROOT = join(import.meta.dirname, "..");
const cacheDir = mkdtempSync(join(tmpdir(), "sequencer-cache-"));
let vitest: Vitest;
let files: TestSpecification[];

beforeAll(async () => {
  // This project's own configuration and files, with a cache of its own: empty, as in a fresh clone.
  vitest = await createVitest("test", { watch: false, root: ROOT }, { cacheDir });
  files = await vitest.globTestSpecifications();
}, 60_000);
afterAll(async () => {
  await vitest?.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

const path = (file: TestSpecification) => relative(ROOT, file.moduleId);

describe("the suite's sequencer", () => {
  it("is the one vitest.config.ts runs with", () => {
    // vitest.config.ts is bundled when loaded: its class is another copy of the same module's.
    expect(vitest.config.sequence.sequencer.name).toBe(LongestFirstSequencer.name);
  });

  it("names only files of the suite, each once", () => {
    const all = new Set(files.map(path));
    expect(LONGEST.filter((file) => !all.has(file))).toEqual([]);
    expect(new Set(LONGEST).size).toBe(LONGEST.length);
  });

  it("with no durations recorded, starts the longest files first, in their order, then the rest as vitest orders them", async () => {
    const sorted = (await new LongestFirstSequencer(vitest).sort(files)).map(path);
    expect(sorted.slice(0, LONGEST.length)).toEqual(LONGEST);
    expect(new Set(sorted)).toEqual(new Set(files.map(path)));
  });

  it("with every file's duration recorded, keeps vitest's own order: the longest recorded first", async () => {
    // The recorded durations run against LONGEST's order: the last of them ran longest.
    const durations = new Map(files.map((file) => [path(file), 1]));
    LONGEST.forEach((file, index) => durations.set(file, 1000 + index));
    const results = vitest.cache.results.getCachePath() as string;
    mkdirSync(dirname(results), { recursive: true });
    writeFileSync(results, JSON.stringify({ version: vitest.version, results: [...durations].map(([file, duration]) => [`:${file}`, { duration, failed: false }]) }));
    await vitest.cache.results.readFromCache();
    const sorted = (await new LongestFirstSequencer(vitest).sort(files)).map(path);
    expect(sorted.slice(0, LONGEST.length)).toEqual([...LONGEST].reverse());
  });
});
