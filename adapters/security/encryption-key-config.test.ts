import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";

const base64Key = () => randomBytes(32).toString("base64");
const hexKey = () => randomBytes(32).toString("hex");

describe("ENCRYPTION_KEY", () => {
  it("is optional: unset, no key", () => {
    const loaded = loadConfig({});
    expect(loaded.ok && loaded.value.encryptionKeys).toEqual([]);
  });

  it("takes comma-separated keys in base64 or hex, in order (the first seals)", () => {
    const keys = [base64Key(), hexKey(), base64Key()];
    const loaded = loadConfig({ ENCRYPTION_KEY: ` ${keys.join(" , ")},` });
    expect(loaded.ok && loaded.value.encryptionKeys).toEqual(keys);
  });

  it.each([
    ["a passphrase", "correct horse battery staple"],
    ["16 bytes", randomBytes(16).toString("base64")],
    ["base64url", randomBytes(32).toString("base64url")],
    ["63 hex digits", hexKey().slice(1)],
  ])("refuses %s, naming the variable and the entry, never the value", (_, bad) => {
    const loaded = loadConfig({ ENCRYPTION_KEY: `${base64Key()},${bad}` });
    expect(loaded.ok).toBe(false);
    const problems = loaded.ok ? [] : loaded.error;
    expect(problems).toEqual([expect.stringMatching(/^ENCRYPTION_KEY is invalid \(value not shown: it is a secret\): entry 2 of 2 is not 32 bytes/)]);
    expect(problems[0]).not.toContain(bad);
  });
});
