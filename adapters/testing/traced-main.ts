// adapters/main.ts for tests that need to know which modules a running server has loaded: every URL the process's
// ESM loader resolves (a package's entry included, however it is imported) is appended to MODULE_TRACE_FILE.
import { register } from "node:module";

const HOOKS = `
import { appendFileSync } from "node:fs";
let file;
export function initialize(data) { file = data.file; }
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(file, resolved.url + "\\n");
  return resolved;
}`;

const file = process.env.MODULE_TRACE_FILE;
if (!file) throw new Error("MODULE_TRACE_FILE is not set");
register(`data:text/javascript,${encodeURIComponent(HOOKS)}`, { data: { file } });
await import("../main.ts");
