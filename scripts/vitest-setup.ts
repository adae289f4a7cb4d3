// Property tests run the same cases on every machine: a failure in CI reproduces locally (FC_SEED overrides).
import fc from "fast-check";
import { runToolProcessesFrom } from "../adapters/tools/process-pool-options.ts";

fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20_261_123) });

// The tool processes of the servers and cores the tests start load the compiled build the global setup keeps fresh
// (scripts/vitest-global-setup.mjs), as the processes the tests start do; a test's own TypeScript module still runs
// under tsx. A fixture entry a test names is its own.
runToolProcessesFrom(new URL("../dist/adapters/tools/", import.meta.url));
