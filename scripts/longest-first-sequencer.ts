import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files measured to take 45 s or more on Node 20 on a 2-core machine (2026-12-04), longest first. Vitest runs files
 * longest first only once it has their durations from an earlier run; a fresh clone has none and starts the largest
 * files first, which left the bench's smoke (101 s, one core) and the OpenAPI lint (45 s) to start last in CI's first
 * pass, a core idle behind them for the last 40 s. A file missing here only starts later; one renamed is ignored.
 * (kill.process left the list once its light server ran on dist/: 24 → 16 s here, where it had read 55 s.)
 */
export const LONGEST = [
  "bench/bench.smoke.test.ts",
  "package.pack.test.ts",
  "package.entries.test.ts",
  "adapters/tools/catalog.fuzz.test.ts",
  "readme-walkthrough.test.ts",
  "conformance/conformance.test.ts",
  "conformance/dredd/dredd-mutation.test.ts",
  "adapters/hostile.process.test.ts",
  "conformance/property-cases.test.ts",
  "conformance/mutation.test.ts",
  "adapters/storage/postgres/postgres-contracts.test.ts",
  "adapters/http/openapi/spectral.test.ts",
];

/** Vitest's own order (durations of the last run where it has them), with the files of LONGEST first where it has not. */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const key = (file: TestSpecification) => relative(file.project.config.root, file.moduleId).split("\\").join("/");
    const known = (file: TestSpecification) => this.ctx.cache.getFileTestResults(`${file.project.name}:${key(file)}`) !== undefined;
    if (sorted.every(known)) return sorted;
    const rank = (file: TestSpecification) => {
      const index = LONGEST.indexOf(key(file));
      return index < 0 ? LONGEST.length : index;
    };
    return sorted.map((file, index) => ({ file, index })).sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index).map(({ file }) => file);
  }
}
