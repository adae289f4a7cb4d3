import { describe, expect, it } from "vitest";
import { ipv6UlaGenerator } from "./ipv6-ula-generator.ts";
import { outputOf, refusalOf } from "../testing/tool-harness.ts";

const ULA = /^fd[0-9a-f]{2}(:[0-9a-f]{1,4}){0,2}::\/48$/;

describe("ipv6-ula-generator", () => {
  it("draws a random Global ID when the MAC or the time is missing", async () => {
    for (const input of [{}, { macAddress: "00:11:22:33:44:55" }, { timestamp: 1_700_000_000_000 }]) {
      const ids = new Set<string>();
      for (let run = 0; run < 20; run++) {
        const out = await outputOf(ipv6UlaGenerator, input);
        expect(out.prefix).toMatch(ULA);
        expect(out.prefix.startsWith(`fd${out.globalId.slice(0, 2)}:`)).toBe(true);
        ids.add(out.globalId);
      }
      expect(ids.size).toBeGreaterThan(1);
    }
  });

  it("is deterministic when both are given, and the millisecond matters", async () => {
    const input = { macAddress: "00:11:22:33:44:55", timestamp: 1_700_000_000_000 };
    expect(await outputOf(ipv6UlaGenerator, input)).toEqual(await outputOf(ipv6UlaGenerator, input));
    expect((await outputOf(ipv6UlaGenerator, { ...input, timestamp: 1_700_000_000_001 })).globalId).not.toBe("8e0493e0f0");
  });

  it("refuses a malformed MAC even without a timestamp", async () => {
    expect(await refusalOf(ipv6UlaGenerator, { macAddress: "00:11:22:33:44:zz" })).toBe("tool");
  });
});
