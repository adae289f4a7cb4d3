// `npm start` with WORKERS as production runs it (adapters/serve.ts), serving one inline tool: no tool processes to
// boot in each worker, so a test can start, kill and restart workers cheaply. Started by startServerProcess(env, ENTRY).
import { runServe } from "../../serve.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";

await runServe(process.env, { tools: [hashText] });
