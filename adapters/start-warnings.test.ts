import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DestinationStream } from "pino";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { createLogger } from "./logger.ts";
import { startWarnings, warnAtStart } from "./start-warnings.ts";

const KEY = randomBytes(32).toString("base64");
const SMTP = "smtp://127.0.0.1:2525";

describe("the start's warnings", () => {
  it("in production without SMTP_URL or ENCRYPTION_KEY: one each, that no email leaves and that TOTP and signing secrets are stored unencrypted", () => {
    expect(startWarnings({ appEnv: "production", smtpUrl: undefined, encryptionKeys: [] })).toEqual([
      expect.stringMatching(/^SMTP_URL is not set: no email can be sent/),
      expect.stringMatching(/^ENCRYPTION_KEY is not set: TOTP and webhook signing secrets are stored unencrypted/),
    ]);
  });

  it.each([
    ["production without SMTP_URL", "production", undefined, [KEY], /^SMTP_URL is not set/],
    ["production without ENCRYPTION_KEY", "production", SMTP, [], /^ENCRYPTION_KEY is not set/],
  ] as const)("in %s: that one only", (_, appEnv, smtpUrl, encryptionKeys, expected) => {
    expect(startWarnings({ appEnv, smtpUrl, encryptionKeys })).toEqual([expect.stringMatching(expected)]);
  });

  it.each([
    ["production with both", "production", SMTP, [KEY]],
    ["development without either", "development", undefined, []],
    ["staging without either", "staging", undefined, []],
  ] as const)("in %s: none", (_, appEnv, smtpUrl, encryptionKeys) => {
    expect(startWarnings({ appEnv, smtpUrl, encryptionKeys })).toEqual([]);
  });

  it("are logged at warn by warnAtStart, each once, for the configuration as loaded", () => {
    const dir = mkdtempSync(join(tmpdir(), "start-warnings-"));
    try {
      const config = loadConfig({ APP_ENV: "production", DATA_DIR: dir });
      if (!config.ok) throw new Error(config.error.join("; "));
      const lines: Record<string, unknown>[] = [];
      const destination: DestinationStream = { write: (chunk: string) => void lines.push(JSON.parse(chunk)) };
      warnAtStart(config.value, createLogger("info", destination));
      expect(lines).toEqual(startWarnings(config.value).map((msg) => ({ level: 40, time: expect.any(Number), msg })));
      expect(lines).toHaveLength(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
