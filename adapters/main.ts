import { enableCompileCache } from "./compile-cache.ts";
import { keepRequestObjectsYoung } from "./young-generation.ts";

keepRequestObjectsYoung();
enableCompileCache();
const { runServe } = await import("./serve.ts");
await runServe(process.env);
