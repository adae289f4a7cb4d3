import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { childEnv } from "./testing/child-env.ts";
import { built, startServerProcess } from "./testing/process.ts";

const ROOT = join(import.meta.dirname, "..");
const dir = mkdtempSync(join(tmpdir(), "start-up-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `tool-api …` as the bin runs it (the compiled CLI), with `env` only; its exit code and both streams. */
function toolApi(args: string[], env: Record<string, string | undefined> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [built("adapters/cli/tool-api"), ...args], { cwd: ROOT, env: childEnv(env), timeout: 90_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
    });
    child.stdin?.end();
  });
}

describe("the start-up line", () => {
  it("starts with `Listening on <url>` and names the dashboard and the API docs, both served there", async () => {
    const server = await startServerProcess({ DATA_DIR: join(dir, "serve") });
    try {
      const line = server.output().split("\n").find((text) => text.startsWith("Listening on ")) ?? "";
      expect(line).toMatch(new RegExp(`^Listening on ${server.url} \\(APP_ENV=development, storage: embedded\\); dashboard ${server.url}/dashboard, API docs ${server.url}/docs$`));
      expect((await fetch(`${server.url}/docs`)).status).toBe(200);
      const dashboard = await fetch(`${server.url}/dashboard`, { redirect: "manual" });
      expect(dashboard.status).toBe(303);
      const home = await fetch(`${server.url}/`, { redirect: "manual", headers: { accept: "text/html" } });
      expect([home.status, home.headers.get("location")]).toEqual([303, "/dashboard"]);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  });
});

describe("tool-api --version", () => {
  it.each(["--version", "-v"])("%s prints the package's version on stdout", async (flag) => {
    const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    expect(await toolApi([flag])).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
  });
});

describe("a DATA_DIR the command cannot use", () => {
  // Root ignores permission bits, so the failure every user can provoke: a regular file where a directory should be.
  const file = join(dir, "a-file");
  writeFileSync(file, "not a directory");
  const dataDir = join(file, "data");
  const message = `Cannot start: the data directory ${dataDir} cannot be opened (ENOTDIR: a part of the path is not a directory): set DATA_DIR to a writable directory`;

  const commands = [["serve"], ["keys", "list"], ["keys", "create", "--name", "x"], ["mcp"]].map((args) => [args.join(" "), args] as const);
  it.each(commands)("`tool-api %s` says what failed and which variable to set, without a stack, and exits 1", async (_command, args) => {
    const run = await toolApi([...args], { DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1" });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n")).toContain(message);
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/^\s+at /m);
    expect(run.stdout).toBe("");
  });
});

describe("tool-api conformance --help", () => {
  it("names the command as it was run: through the bin, `tool-api conformance`", async () => {
    const run = await toolApi(["conformance", "--help"], { npm_lifecycle_event: undefined });
    // Asked for, the usage is the answer: stdout and exit 0.
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toMatch(/^usage: tool-api conformance \[--engine dredd\]/);
    expect(run.stdout).not.toContain("npm run");
  });
});
