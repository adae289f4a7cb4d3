import { defineConfig } from "vitest/config";
import { LongestFirstSequencer } from "./scripts/longest-first-sequencer.ts";

export default defineConfig({
  test: {
    include: ["**/*.test.ts"],
    // .prof/ (git-ignored) holds local profiling scratch, builds and worktrees included: never part of a run.
    exclude: ["**/node_modules/**", "data/**", "client/dist/**", ".prof/**"],
    // Hang detectors, not assertions: a test that starts servers, CLIs or child processes under tsx takes several
    // times longer on a shared 2-core CI machine at load 10 than idle (a server start: 2 s idle, over 20 s loaded).
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: "forks",
    // vitest's default is one worker fewer than the cores: one on a 2-core CI machine. Most files wait on servers,
    // sockets and child processes rather than compute, so two run side by side: the suite took 748 s with one
    // worker and 547 s with two on the same machine.
    maxWorkers: 2,
    // Each worker process runs its files one after another in one module registry: the suite's files import the same
    // application graph, which isolation re-evaluated for every one of them. Stubbed variables and spies are undone
    // between tests, so nothing of one file's setup reaches the next.
    isolate: false,
    unstubEnvs: true,
    restoreMocks: true,
    globals: true,
    setupFiles: ["scripts/vitest-setup.ts"],
    globalSetup: ["scripts/vitest-global-setup.mjs"],
    // Two workers finish together only if the longest files start first (scripts/longest-first-sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
  },
});
