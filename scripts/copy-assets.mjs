// The files the package serves as they are (dashboard and /docs assets) go beside the compiled code in dist/.
import { cpSync } from "node:fs";

for (const dir of ["adapters/http/dashboard/assets", "adapters/http/docs/assets"]) cpSync(dir, `dist/${dir}`, { recursive: true });
// The Dredd engine's hooks: CommonJS that Dredd require()s at run time, beside the runner that names them.
cpSync("conformance/dredd/hooks.cjs", "dist/conformance/dredd/hooks.cjs");
