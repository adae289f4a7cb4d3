import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const CLIENT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const ROOT = resolve(CLIENT_DIR, "..");

/** The two compilers a consumer may run: the project's TypeScript 7 and the 5.9 most projects still use. */
export const COMPILERS = {
  "typescript 7": join(ROOT, "node_modules/typescript/bin/tsc"),
  "typescript 5.9": join(CLIENT_DIR, "codegen/node_modules/typescript/bin/tsc"),
} as const;

/** A temporary consumer project with the packed client installed from its tarball, as a user would. */
export interface Consumer {
  readonly dir: string;
  readonly tarball: string;
  /** Writes each file and type-checks them in one run (strict, nodenext); answers exit code and diagnostics. */
  compile(files: Record<string, string>, compiler: keyof typeof COMPILERS): { code: number; output: string };
  /** The installed package's entry, as `import "tool-execution-client"` would load it. */
  readonly entry: string;
}

export function packAndInstall(): Consumer {
  const dir = mkdtempSync(join(tmpdir(), "client-consumer-"));
  const packs = join(dir, "packs");
  mkdirSync(packs);
  // `npm pack` runs the package's prepack (tsc), so the tarball holds a fresh build.
  const packed = execFileSync("npm", ["pack", "--pack-destination", packs, "--silent"], { cwd: CLIENT_DIR, encoding: "utf8" });
  const tarball = join(packs, packed.trim().split("\n").pop() ?? "");
  const app = join(dir, "app");
  mkdirSync(app);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  execFileSync("npm", ["install", tarball, "--no-audit", "--no-fund", "--no-package-lock", "--silent"], { cwd: app, encoding: "utf8" });
  const compile = (files: Record<string, string>, compiler: keyof typeof COMPILERS) => {
    for (const [name, source] of Object.entries(files)) writeFileSync(join(app, name), source);
    const flags = ["--strict", "--noEmit", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022"];
    // Node's own types (fetch, AbortSignal) come from the project's @types/node, as a consumer's would.
    const types = ["--types", "node", "--typeRoots", join(ROOT, "node_modules/@types")];
    const run = spawnSync(process.execPath, [COMPILERS[compiler], ...flags, ...types, ...Object.keys(files)], { cwd: app, encoding: "utf8" });
    return { code: run.status ?? -1, output: `${run.stdout}${run.stderr}` };
  };
  return { dir, tarball, compile, entry: pathToFileURL(join(app, "node_modules/tool-execution-client/dist/index.js")).href };
}
