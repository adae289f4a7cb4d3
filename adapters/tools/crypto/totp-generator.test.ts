import { describe, expect, it } from "vitest";
import { outputOf, refusalOf, zeroContext } from "../testing/tool-harness.ts";
import { totpGenerator } from "./totp-generator.ts";

const SEED = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
const clockAt = (ms: number) => ({ now: () => ms, randomBytes: (size: number) => new Uint8Array(size) });

describe("totp-generator", () => {
  it("uses the context clock, in whole seconds, when timestamp is absent", async () => {
    const output = await outputOf(totpGenerator, { secret: SEED, digits: 8 }, clockAt(59_999));
    expect(output).toMatchObject({ token: "94287082", counter: 1, remainingSeconds: 1 });
  });

  it("reads lower-case and padded base32 like the canonical form", async () => {
    const canonical = await outputOf(totpGenerator, { secret: SEED, timestamp: 1111111109 }, zeroContext);
    expect(await outputOf(totpGenerator, { secret: SEED.toLowerCase(), timestamp: 1111111109 }, zeroContext)).toEqual(canonical);
    expect(await outputOf(totpGenerator, { secret: `${SEED}======`, timestamp: 1111111109 }, zeroContext)).toEqual(canonical);
  });

  it("counts down to the next period boundary", async () => {
    expect(await outputOf(totpGenerator, { secret: SEED, timestamp: 90, period: 45 }, zeroContext)).toMatchObject({ counter: 2, remainingSeconds: 45 });
  });

  it("refuses short secrets, non-base32 characters and out-of-range parameters in the schema", async () => {
    for (const input of [
      { secret: "GEZDGNBVGY3TQOJ" },
      { secret: "GEZDGNBVGY3TQOJQ1890" },
      { secret: "GEZDGNBV=GY3TQOJQGEZDGNBV" },
      { secret: SEED, digits: 9 },
      { secret: SEED, period: 10 },
      { secret: SEED, algorithm: "MD5" },
      { secret: SEED, timestamp: -1 },
    ]) {
      expect((await refusalOf(totpGenerator, input)) === "schema").toBe(true);
    }
  });
});
