// `npm start` with WORKERS as production runs it (adapters/serve.ts), serving one inline tool: no tool processes to
// boot in each worker, so a test can start, kill and restart workers cheaply. Started by startServerProcess(env, ENTRY).
// Plain JavaScript on the compiled package (the suite's global setup keeps dist/ current), so neither the primary nor
// a worker loads tsx: each would cost a second of CPU more at every start and replacement.
import { runServe } from "../../../dist/adapters/serve.js";
import { hashText } from "../../../dist/adapters/tools/crypto/hash-text.js";

await runServe(process.env, { tools: [hashText] });
