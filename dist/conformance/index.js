// tool-execution-api/conformance: the contract suite as a function (the `tool-api conformance` command calls it).
export { runConformance } from "./run-conformance.js";
