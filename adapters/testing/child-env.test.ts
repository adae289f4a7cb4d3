import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { childEnv, SERVER_VARIABLES } from "./child-env.ts";

const ROOT = join(import.meta.dirname, "..", "..");
/** The files that read the environment of the server, the CLIs and the client, with how each names a variable. */
const READERS: readonly (readonly [file: string, pattern: RegExp])[] = [
  ["adapters/config.ts", /pick\("([A-Z_]+)"/g],
  ["adapters/config.ts", /\benv\.([A-Z_]+)/g],
  ["adapters/main.ts", /process\.env\.([A-Z_]+)/g],
  ["adapters/mcp/mcp-stdio.ts", /\benv\.([A-Z_]+)/g],
  ["conformance/cli-args.ts", /\benv\.([A-Z_]+)/g],
  ["client/src/client.ts", /\benv\??\.([A-Z_]+)/g],
];

afterEach(() => vi.unstubAllEnvs());

describe("childEnv", () => {
  it("lists every variable the server, the CLIs and the client read", () => {
    const read = new Set(READERS.flatMap(([file, pattern]) => [...readFileSync(join(ROOT, file), "utf8").matchAll(pattern)].map((match) => match[1])));
    expect(read.size).toBeGreaterThan(20);
    expect([...read].filter((name) => !(SERVER_VARIABLES as readonly string[]).includes(name))).toEqual([]);
  });

  it("leaves out every server variable this process has, keeps the rest, and adds the tests' defaults and exactly what the test sets", () => {
    for (const name of SERVER_VARIABLES) vi.stubEnv(name, name === "PORT" ? "3000" : "from-the-machine");
    vi.stubEnv("CHILD_ENV_TEST_KEPT", "kept");
    const env = childEnv({ DATA_DIR: "/tmp/here", REDIS_PREFIX: "mine:", CHILD_ENV_TEST_KEPT: undefined });
    expect(Object.keys(env).filter((name) => (SERVER_VARIABLES as readonly string[]).includes(name)).sort()).toEqual(["DATA_DIR", "REDIS_PREFIX", "TOOL_WARM_UP"]);
    expect(env.TOOL_WARM_UP).toBe("false");
    expect(childEnv({ TOOL_WARM_UP: "true" }).TOOL_WARM_UP).toBe("true");
    expect(childEnv({ TOOL_WARM_UP: undefined })).not.toHaveProperty("TOOL_WARM_UP");
    expect(env).toMatchObject({ DATA_DIR: "/tmp/here", REDIS_PREFIX: "mine:", PATH: process.env.PATH });
    expect(env).not.toHaveProperty("CHILD_ENV_TEST_KEPT");
    expect(childEnv()).toHaveProperty("CHILD_ENV_TEST_KEPT", "kept");
  });

  it("is what a child process really sees: REDIS_URL exported here does not reach it", () => {
    vi.stubEnv("REDIS_URL", "redis://127.0.0.1:6379");
    vi.stubEnv("WORKERS", "4");
    const seen = execFileSync(process.execPath, ["-p", "JSON.stringify([process.env.REDIS_URL ?? null, process.env.WORKERS ?? null, process.env.DATA_DIR])"], {
      env: childEnv({ DATA_DIR: "/tmp/child" }), encoding: "utf8",
    });
    expect(JSON.parse(seen)).toEqual([null, null, "/tmp/child"]);
  });
});
