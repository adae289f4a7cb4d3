// A module.register() resolve hook: appends every resolved module URL to the file named by `data.logFile`, so a test
// can tell which packages a process imported. Sync appends: the hooks thread may be cut short by process.exit().
import { appendFileSync } from "node:fs";

let logFile;

export function initialize(data) {
  logFile = data.logFile;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  appendFileSync(logFile, `${resolved.url}\n`);
  return resolved;
}
