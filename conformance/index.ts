// tool-execution-api/conformance: the contract suite as a function (the `tool-api conformance` command calls it).
export { type ConformanceOptions, runConformance } from "./run-conformance.ts";
export type { Report } from "./report.ts";
export { type ConformanceLimits, DEFAULT_LIMITS } from "./limits.ts";
