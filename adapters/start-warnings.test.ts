import { randomBytes } from "node:crypto";
import type { DestinationStream } from "pino";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.ts";
import { warnAtStart } from "./start-warnings.ts";

const KEY = randomBytes(32).toString("base64");
const SMTP = "smtp://127.0.0.1:2525";

function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination: DestinationStream = { write: (chunk: string) => void lines.push(JSON.parse(chunk)) };
  return { logger: createLogger("info", destination), lines };
}

describe("the start's warnings", () => {
  it("in production without SMTP_URL or ENCRYPTION_KEY: one warning each, that no email leaves and that TOTP and signing secrets are stored unencrypted", () => {
    const { logger, lines } = recordingLogger();
    warnAtStart({ appEnv: "production", smtpUrl: undefined, encryptionKeys: [] }, logger);
    expect(lines).toEqual([
      { level: 40, time: expect.any(Number), msg: expect.stringMatching(/^SMTP_URL is not set: no email can be sent/) },
      { level: 40, time: expect.any(Number), msg: expect.stringMatching(/^ENCRYPTION_KEY is not set: TOTP and webhook signing secrets are stored unencrypted/) },
    ]);
  });

  it.each([
    ["production without SMTP_URL", "production", undefined, [KEY], /^SMTP_URL is not set/],
    ["production without ENCRYPTION_KEY", "production", SMTP, [], /^ENCRYPTION_KEY is not set/],
  ] as const)("in %s: that one only", (_, appEnv, smtpUrl, encryptionKeys, expected) => {
    const { logger, lines } = recordingLogger();
    warnAtStart({ appEnv, smtpUrl, encryptionKeys }, logger);
    expect(lines.map((line) => line.msg)).toEqual([expect.stringMatching(expected)]);
  });

  it.each([
    ["production with both", "production", SMTP, [KEY]],
    ["development without either", "development", undefined, []],
    ["staging without either", "staging", undefined, []],
  ] as const)("in %s: none", (_, appEnv, smtpUrl, encryptionKeys) => {
    const { logger, lines } = recordingLogger();
    warnAtStart({ appEnv, smtpUrl, encryptionKeys }, logger);
    expect(lines).toEqual([]);
  });
});
