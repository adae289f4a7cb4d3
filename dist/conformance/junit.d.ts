import type { CaseResult } from "./report.ts";
/** JUnit XML: one testsuite, one testcase per transaction, failures with what was expected and what came back. */
export declare function toJUnit(results: readonly CaseResult[], seconds: number): string;
