import type { DestinationStream } from "pino";
import { describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { LogMailer } from "./log-mailer.ts";
import { openMailer } from "./open-mailer.ts";
import { SmtpMailer } from "./smtp-mailer.ts";

const EMAIL = { to: "bob@example.com", subject: "Reset your password", text: "Open this link:\n\nhttps://tools.example.com/dashboard/reset-password/abc\n" };
const FROM = "Tool Execution API <no-reply@tools.example.com>";

/** A logger at info whose lines (pino writes each at once to a plain destination) land in `lines`, parsed. */
function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination: DestinationStream = { write: (chunk: string) => void lines.push(...chunk.trimEnd().split("\n").map((line) => JSON.parse(line))) };
  return { logger: createLogger("info", destination), lines };
}

describe("LogMailer", () => {
  it("writes each email as exactly one line: msg email, to, subject, text", async () => {
    const { logger, lines } = recordingLogger();
    await new LogMailer(logger).send(EMAIL);
    expect(lines).toEqual([{ level: 30, time: expect.any(Number), msg: "email", ...EMAIL }]);
  });
});

describe("openMailer", () => {
  it("sends through SMTP when SMTP_URL is set, warning about nothing", async () => {
    const { logger, lines } = recordingLogger();
    const mailer = openMailer({ smtpUrl: "smtp://127.0.0.1:2525", mailFrom: FROM }, logger);
    expect(mailer).toBeInstanceOf(SmtpMailer);
    expect(lines).toEqual([]);
    await mailer.close();
  });

  it("writes emails to the log without SMTP_URL, one line each and nothing else (the start's warning is start-warnings.ts's)", async () => {
    const { logger, lines } = recordingLogger();
    const mailer = openMailer({ smtpUrl: undefined, mailFrom: FROM }, logger);
    expect(mailer).toBeInstanceOf(LogMailer);
    await mailer.send(EMAIL);
    await mailer.send(EMAIL);
    expect(lines.map((line) => line.msg)).toEqual(["email", "email"]);
  });
});
