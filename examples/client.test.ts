import { createHash } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { runClientDemo, startLocalServer } from "./client.ts";

describe("examples/client.ts", () => {
  const started = startLocalServer();
  afterAll(async () => (await started).close());

  it("serves 5 calls on a 2-per-2 s key by waiting out the 429s, and shows a refused input", async () => {
    const { url, apiKey } = await started;
    const lines: string[] = [];
    const digests = await runClientDemo(url, apiKey, (line) => lines.push(line));
    expect(digests).toEqual(["one", "two", "three", "four", "five"].map((text) => createHash("sha256").update(text).digest("hex")));
    expect(lines.some((line) => line.includes("→ 429 (Retry-After:"))).toBe(true);
    expect(lines.at(-1)).toMatch(/^refused: 422 invalid_input at \/input\/text/);
  }, 60_000);
});
