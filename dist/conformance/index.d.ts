export { type ConformanceOptions, runConformance } from "./run-conformance.ts";
export type { Report } from "./report.ts";
