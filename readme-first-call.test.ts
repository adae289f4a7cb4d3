// The README's "first key and first call" run as written: its shell blocks, in bash, against a real server on a
// temporary DATA_DIR. Only the host and port are swapped for the test server's. Needs dist/ (npm ci builds it).
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "./adapters/testing/process.ts";

const ROOT = import.meta.dirname;
// sha256("hello world"), as `printf 'hello world' | sha256sum` prints it.
const HELLO_WORLD_SHA256 = "b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9";
const README_URL = "http://127.0.0.1:3000";

/** The ```sh blocks of one README section, in order. */
function shellBlocksOf(markdown: string, heading: string): string[] {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`README has no section "${heading}"`);
  const end = markdown.indexOf("\n## ", start + 1);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]);
}

let server: ServerProcess;
let env: Record<string, string>;

beforeAll(async () => {
  // No TOOL_API_KEY from outside: the block must set it. No REDIS_URL: the CLI and the server share the temp store.
  const { TOOL_API_KEY: _unused, ...rest } = process.env;
  env = { ...(rest as Record<string, string>), DATA_DIR: mkdtempSync(join(tmpdir(), "readme-first-call-")), REDIS_URL: "", APP_ENV: "development" };
  server = await startServerProcess(env);
}, 60_000);

afterAll(() => {
  server?.child.kill("SIGTERM");
  rmSync(env.DATA_DIR, { recursive: true, force: true });
});

describe("README: your first key and your first call", () => {
  it("answers the SHA-256 of \"hello world\" to the commands as written", async () => {
    const blocks = shellBlocksOf(readFileSync(join(ROOT, "README.md"), "utf8"), "Your first key and your first call");
    const script = blocks.join("\n");
    expect(script).toContain(README_URL);
    expect(script).not.toMatch(/\bjq\b/);
    const { stdout, stderr } = await bash(script.replaceAll(README_URL, server.url), env);
    expect(JSON.parse(stdout), stderr).toMatchObject({ status: "success", code: 200, data: { output: { algorithm: "sha256", digest: HELLO_WORLD_SHA256 } } });
  }, 60_000);
});

function bash(script: string, env: Record<string, string>): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile("bash", ["-eo", "pipefail", "-c", script], { cwd: ROOT, env, timeout: 50_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stdout}\n${stderr}`)) : resolve({ stdout, stderr }));
  });
}
