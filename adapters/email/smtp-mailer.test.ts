import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { SmtpMailer } from "./smtp-mailer.ts";

const FROM = "Tool Execution API <no-reply@tools.example.com>";
const EMAIL = {
  to: "bob@example.com",
  subject: "ada@example.com invited you to Platform team on Tool Execution API",
  text: "Accept the invitation:\n\nhttps://tools.example.com/dashboard/invitations/abc\n\nThe link expires on 2025-01-08 12:00 UTC.\n",
};

/** What the test server saw: the credentials it was given, whether the session was TLS, and each message parsed. */
interface Received {
  logins: { username: string | null | undefined; password: string | null | undefined; secure: boolean }[];
  secureAtMailFrom: boolean[];
  messages: ParsedMail[];
}

const servers: SMTPServer[] = [];
const mailers: SmtpMailer[] = [];

/** A real SMTP server on 127.0.0.1 (a free port) that accepts `ada`/`s3cret p@ss` and records what it receives. */
async function startSmtp(options: SMTPServerOptions = {}): Promise<{ port: number; received: Received }> {
  const received: Received = { logins: [], secureAtMailFrom: [], messages: [] };
  const server = new SMTPServer({
    logger: false,
    onAuth(auth, session, callback) {
      received.logins.push({ username: auth.username, password: auth.password, secure: session.secure });
      const valid = auth.username === "ada" && auth.password === "s3cret p@ss";
      callback(valid ? null : new Error("Invalid username or password"), valid ? { user: auth.username } : undefined);
    },
    onMailFrom(_address, session, callback) {
      received.secureAtMailFrom.push(session.secure);
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then((parsed) => {
        received.messages.push(parsed);
        callback();
      }, callback);
    },
    ...options,
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.server.address() as AddressInfo).port, received };
}

const mailerFor = (url: string) => {
  const mailer = new SmtpMailer(url, FROM);
  mailers.push(mailer);
  return mailer;
};

/** The one message's sender, recipient, subject, text and whether it has an HTML part. */
const summary = (message: ParsedMail) => ({
  from: message.from?.value, to: Array.isArray(message.to) ? message.to.flatMap((to) => to.value) : message.to?.value,
  subject: message.subject, text: message.text, html: message.html,
});

afterEach(async () => {
  await Promise.all(mailers.splice(0).map((mailer) => mailer.close()));
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

describe("SmtpMailer", () => {
  it("sends one plain-text email from MAIL_FROM, logging in with the user and password of the URL", async () => {
    const { port, received } = await startSmtp({ disabledCommands: ["STARTTLS"], allowInsecureAuth: true });
    await mailerFor(`smtp://ada:${encodeURIComponent("s3cret p@ss")}@127.0.0.1:${port}`).send(EMAIL);
    expect(received.logins).toEqual([{ username: "ada", password: "s3cret p@ss", secure: false }]);
    expect(received.messages.map(summary)).toEqual([{
      from: [{ name: "Tool Execution API", address: "no-reply@tools.example.com" }], to: [{ name: "", address: "bob@example.com" }],
      subject: EMAIL.subject, text: EMAIL.text, html: false,
    }]);
  });

  it("upgrades with STARTTLS when the server offers it, and logs in only then", async () => {
    // The server's built-in certificate is self-signed: accepted here through the URL's nodemailer option.
    // Without allowInsecureAuth the server refuses AUTH before TLS, so a login proves the upgrade came first.
    const { port, received } = await startSmtp();
    await mailerFor(`smtp://ada:${encodeURIComponent("s3cret p@ss")}@127.0.0.1:${port}?tls.rejectUnauthorized=false`).send(EMAIL);
    expect(received.logins).toEqual([{ username: "ada", password: "s3cret p@ss", secure: true }]);
    expect(received.secureAtMailFrom).toEqual([true]);
    expect(received.messages.map((message) => message.text)).toEqual([EMAIL.text]);
  });

  it("refuses to go on over STARTTLS with a certificate it cannot verify (the self-signed one, by default)", async () => {
    const { port, received } = await startSmtp();
    await expect(mailerFor(`smtp://ada:${encodeURIComponent("s3cret p@ss")}@127.0.0.1:${port}`).send(EMAIL)).rejects.toThrow();
    expect(received.logins).toEqual([]);
    expect(received.messages).toEqual([]);
  });

  it("rejects when the server refuses the recipient, so the outbox tries again", async () => {
    const { port, received } = await startSmtp({
      disabledCommands: ["STARTTLS", "AUTH"],
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
      },
    });
    await expect(mailerFor(`smtp://127.0.0.1:${port}`).send(EMAIL)).rejects.toThrow(/Mailbox unavailable/);
    expect(received.messages).toEqual([]);
  });

  it("rejects when the password is wrong", async () => {
    const { port, received } = await startSmtp({ disabledCommands: ["STARTTLS"], allowInsecureAuth: true });
    await expect(mailerFor(`smtp://ada:wrong@127.0.0.1:${port}`).send(EMAIL)).rejects.toThrow();
    expect(received.messages).toEqual([]);
  });

  it("rejects when no server listens", async () => {
    const { port } = await startSmtp();
    await new Promise<void>((resolve) => servers.pop()?.close(() => resolve()));
    await expect(mailerFor(`smtp://127.0.0.1:${port}`).send(EMAIL)).rejects.toThrow(/ECONNREFUSED|connect/i);
  });
});
