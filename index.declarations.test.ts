// The `.` entry's emitted declarations, walked import by import: a consumer compiling them with skipLibCheck: false
// type-checks every file reached, so reaching h3 (and through it srvx, crossws, node:http) breaks a core-only project.
import { spawnSync } from "node:child_process";
import { builtinModules } from "node:module";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = import.meta.dirname;
const out = mkdtempSync(join(tmpdir(), "tool-api-dts-"));
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']|\/\/\/\s*<reference\s+types=["']([^"']+)["']/g;
const HTTP_STACK = ["h3", "srvx", "crossws", "listhen"];

/** Every declaration file reached from `entry`, and each package specifier with the file that names it. */
function walkDeclarations(entry: string): { files: string[]; packages: Map<string, string> } {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const match of readFileSync(file, "utf8").matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2];
      // The build keeps `.ts` in relative specifiers of declarations (rewriteRelativeImportExtensions rewrites only JS).
      if (specifier.startsWith(".")) visit(resolve(dirname(file), specifier.replace(/\.(ts|js)$/, ".d.ts")));
      else if (!packages.has(specifier)) packages.set(specifier, relative(out, file));
    }
  };
  visit(entry);
  return { files: [...files].map((file) => relative(out, file)), packages };
}

const isNodeBuiltin = (specifier: string) => specifier.startsWith("node:") || builtinModules.includes(specifier) || specifier === "node";
const packageName = (specifier: string) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");

beforeAll(() => {
  // Type errors are the typecheck's to report; tsc emits declarations despite them, and those are what is walked here.
  const build = spawnSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json", "--outDir", out, "--emitDeclarationOnly"], { cwd: ROOT, encoding: "utf8" });
  if (!existsSync(join(out, "index.d.ts"))) throw new Error(`tsc emitted no index.d.ts: ${build.stdout}${build.stderr}`);
}, 120_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("the declarations of tool-execution-api's `.` entry", () => {
  it("reach no HTTP framework: no h3, srvx, crossws or listhen", () => {
    const { files, packages } = walkDeclarations(join(out, "index.d.ts"));
    expect(files).toContain("adapters/core/key-manager.d.ts");
    const offending = [...packages].filter(([specifier]) => HTTP_STACK.includes(packageName(specifier)));
    expect(offending.map(([specifier, file]) => `${file} → ${specifier}`)).toEqual([]);
  });

  it("name no Node.js module, so a consumer needs no @types/node", () => {
    const { packages } = walkDeclarations(join(out, "index.d.ts"));
    const offending = [...packages].filter(([specifier]) => isNodeBuiltin(specifier) || specifier === "@types/node");
    expect(offending.map(([specifier, file]) => `${file} → ${specifier}`)).toEqual([]);
  });

  it("the walk finds what the HTTP entry reaches (the check itself can fail)", () => {
    const { packages } = walkDeclarations(join(out, "adapters/http/index.d.ts"));
    expect([...packages.keys()].map(packageName)).toContain("h3");
  });
});
