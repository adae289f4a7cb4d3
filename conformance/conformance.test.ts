import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

describe("npm run -s conformance (self-booting)", () => {
  it("boots its own server, passes every transaction, exits 0 and ends with the summary line", () => {
    const run = spawnSync("npm", ["run", "-s", "conformance"], { cwd: ROOT, encoding: "utf8", env: { ...process.env, REDIS_URL: "" } });
    const lines = run.stdout.trim().split("\n");
    expect(lines.filter((line) => line.startsWith("FAIL"))).toEqual([]);
    expect(lines.at(-1)).toMatch(/^conformance: [1-9]\d* passed, 0 failed, 0 skipped \(\d+ transactions\)$/);
    expect(run.status).toBe(0);
  }, 240_000);
});
