import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServerProcess } from "./testing/process.ts";
import { PRETENURING_FLAG } from "./young-generation.ts";

const dir = mkdtempSync(join(tmpdir(), "young-generation-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** V8's pretenuring feedback lines (`--trace-pretenuring-statistics`) the compiled server wrote while starting and serving. */
async function pretenuringLines(name: string, nodeArgs: string[]): Promise<number> {
  const server = await startServerProcess({ LOG_LEVEL: "warn", DATA_DIR: join(dir, name) }, undefined, ["--trace-pretenuring-statistics", ...nodeArgs]);
  try {
    // Enough allocation for scavenges, each of which reports its feedback while pretenuring is on.
    for (let i = 0; i < 1_500; i++) await (await fetch(`${server.url}/api/v1/tools`)).arrayBuffer();
    return server.output().split("\n").filter((line) => line.includes("pretenuring:")).length;
  } finally {
    server.child.kill("SIGKILL");
    await server.exited;
  }
}

describe("the serving process's young generation", () => {
  it("runs without V8's allocation-site pretenuring, unless the operator starts node with it", async () => {
    expect(await pretenuringLines("default", [])).toBe(0);
    expect(await pretenuringLines("kept-on", [PRETENURING_FLAG])).toBeGreaterThan(0);
  }, 120_000);
});
