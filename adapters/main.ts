import { enableCompileCache } from "./compile-cache.ts";

enableCompileCache();
const { runServe } = await import("./serve.ts");
await runServe(process.env);
