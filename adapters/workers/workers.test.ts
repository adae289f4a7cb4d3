import { execFile } from "node:child_process";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { availableCores } from "../cpu-limit.ts";
import { childEnv } from "../testing/child-env.ts";
import { built } from "../testing/process.ts";
import { hasReusePort } from "./listen-mode.ts";

const CLI = built("adapters/cli/tool-api");

function serve(args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, "serve", ...args], { env: childEnv({}) }, (error, _stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, stderr });
    });
  });
}

describe("WORKERS", () => {
  it("reads 1 by default, N, or auto as the cores this process may use (cpu-limit.test.ts: under a cgroup quota); anything else is a configuration error", () => {
    const workers = (value?: string) => {
      const loaded = loadConfig(value === undefined ? {} : { WORKERS: value });
      return loaded.ok ? loaded.value.workers : loaded.error.join(" ");
    };
    expect([workers(), workers("1"), workers("4"), workers("auto")]).toEqual([1, 1, 4, availableCores()]);
    for (const bad of ["0", "-1", "2.5", "many", "257"]) expect(workers(bad)).toMatch(/^WORKERS=".*" is invalid: expected an integer from 1 to 256 or auto/);
  });

  it("takes tool-api serve's --workers as WORKERS, checked with the rest of the configuration; a bad flag gets the usage", async () => {
    const [zero, bogus] = await Promise.all([serve(["--workers=0"]), serve(["--workers"])]);
    expect(zero).toMatchObject({ code: 78, stderr: expect.stringContaining('WORKERS="0" is invalid') });
    expect(bogus).toMatchObject({ code: 2, stderr: expect.stringContaining("tool-api serve [--workers N]") });
  });
});

describe("how workers share the port", () => {
  it("uses SO_REUSEPORT from Node 22.12 and 23.1 on Linux and FreeBSD, node:cluster's shared handle elsewhere", () => {
    const cases: Array<[string, NodeJS.Platform, boolean]> = [
      ["20.20.2", "linux", false], ["22.11.0", "linux", false], ["22.12.0", "linux", true], ["23.0.0", "linux", false],
      ["23.1.0", "linux", true], ["24.21.0", "linux", true], ["24.21.0", "freebsd", true], ["24.21.0", "darwin", false], ["24.21.0", "win32", false],
    ];
    for (const [version, platform, expected] of cases) expect(hasReusePort(version, platform), `${version} ${platform}`).toBe(expected);
  });
});
