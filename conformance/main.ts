import { parseConformanceArgs } from "./cli-args.ts";
import { runConformance } from "./run-conformance.ts";

/** `tool-api conformance …` / `npm run -s conformance -- …`: prints the report and resolves with the exit code. */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const parsed = parseConformanceArgs(argv, env);
  // Asked for, the usage is the answer: on stdout, exit 0 (a bad command line gets it on stderr, exit 2).
  if (!parsed.ok && (argv.includes("--help") || argv.includes("-h"))) {
    console.log(parsed.error);
    return 0;
  }
  if (!parsed.ok) {
    console.error(parsed.error);
    return 2;
  }
  try {
    const { engine, ...options } = parsed.value;
    // Loaded only when asked for: the default run never touches the Dredd engine.
    const report = engine === "dredd" ? await (await import("./dredd/run-dredd.ts")).runDreddConformance(options) : await runConformance(options);
    return report.failed === 0 && report.passed > 0 ? 0 : 1;
  } catch (error) {
    // Only argument errors reach here (runConformance reports everything else as a failed case); no key is in them.
    console.error(`conformance: could not run: ${error instanceof Error ? error.message : String(error)}`);
    console.log("conformance: 0 passed, 1 failed, 0 skipped (the suite could not run)");
    return 1;
  }
}
