import { randomBytes } from "node:crypto";
import type { DestinationStream } from "pino";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";
import { warnIfSecretsUnsealed } from "./warn-unsealed.ts";

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

describe("the start's warning without ENCRYPTION_KEY", () => {
  const recording = () => {
    const lines: Record<string, unknown>[] = [];
    const destination: DestinationStream = { write: (chunk: string) => void lines.push(JSON.parse(chunk)) };
    return { logger: createLogger("info", destination), lines };
  };

  it("warns once in production that TOTP and webhook signing secrets are stored unencrypted", () => {
    const { logger, lines } = recording();
    warnIfSecretsUnsealed({ appEnv: "production", encryptionKeys: [] }, logger);
    expect(lines).toEqual([{ level: 40, time: expect.any(Number), msg: expect.stringMatching(/^ENCRYPTION_KEY is not set: TOTP and webhook signing secrets are stored unencrypted/) }]);
  });

  it.each([
    ["production with a key", "production", [base64Key()]],
    ["development without one", "development", []],
    ["staging without one", "staging", []],
  ] as const)("says nothing in %s", (_, appEnv, encryptionKeys) => {
    const { logger, lines } = recording();
    warnIfSecretsUnsealed({ appEnv, encryptionKeys }, logger);
    expect(lines).toEqual([]);
  });
});
