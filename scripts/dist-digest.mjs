// The digest of what `npm run build` compiles into dist/, kept in dist/sources.sha256 by the build: the test suite's
// child processes run dist/ (as `npm start` does), and the suite rebuilds it first when the sources moved on since.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dirname, "..");
export const DIGEST_FILE = join(ROOT, "dist", "sources.sha256");
const DIRS = ["domain", "application", "adapters", "conformance"];
const FILES = ["index.ts", "package.json", "tsconfig.json", "tsconfig.build.json", "scripts/copy-assets.mjs", "scripts/inline-inversify.mjs"];

/** Every file in the build's folders but the tests, by path and content: what the build reads and a little more. */
export function sourcesDigest() {
  const paths = [...FILES.map((file) => join(ROOT, file)), ...DIRS.flatMap((dir) => walk(join(ROOT, dir)))].sort();
  const hash = createHash("sha256");
  for (const path of paths) hash.update(`${relative(ROOT, path)}\0`).update(readFileSync(path)).update("\0");
  return hash.digest("hex");
}

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : walk(path);
    return entry.name.endsWith(".test.ts") ? [] : [path];
  });
}

if (process.argv[2] === "--write") writeFileSync(DIGEST_FILE, `${sourcesDigest()}\n`);
