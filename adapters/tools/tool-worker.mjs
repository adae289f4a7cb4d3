// piscina loads this plain-JS entry; it turns on tsx inside the worker thread so the TypeScript tool modules
// load the same way whether the parent runs under tsx, vitest or anything else.
import { register } from "tsx/esm/api";

register();
const { default: runToolTask } = await import("./tool-worker.ts");

export default runToolTask;
