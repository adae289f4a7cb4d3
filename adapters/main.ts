import { runServe } from "./serve.ts";

await runServe(process.env);
