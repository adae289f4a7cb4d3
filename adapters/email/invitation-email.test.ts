// The invitation email end to end: the real server (startServer), a real SMTP server on 127.0.0.1, the session API
// over real HTTP. Links come from PUBLIC_URL, never from the request's Host; emails leave through the outbox, retried.
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";
import type { DestinationStream } from "pino";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { createLogger, type Logger } from "../logger.ts";
import { ScryptPasswordHasher } from "../security/scrypt-password-hasher.ts";
import { type RunningServer, startServer } from "../server.ts";
import { TEST_SCRYPT_COST } from "../testing/harness.ts";
import { type SessionClient, sessionCall, signUpOver } from "../testing/key-races.ts";
import { hashText } from "../tools/crypto/hash-text.ts";

const PUBLIC_URL = "https://tools.example.com";
const MAIL_FROM = "Tools Team <no-reply@tools.example.com>";
const SMTP_USER = "mailer";
const SMTP_PASSWORD = "s3cret p@ss";
const INVITEE = "ada@example.com";
const WORKSPACE = "Platform team";
// Generous: a loaded machine may take seconds per turn of the dispatch loop (it polls every second).
const ARRIVAL = { timeout: 30_000, interval: 100 };

/** One message as the SMTP server received it: its raw source (every header) and its parsed form. */
interface Received {
  readonly raw: string;
  readonly mail: ParsedMail;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A real SMTP server on a free port of 127.0.0.1 that accepts only SMTP_USER/SMTP_PASSWORD and records each message. */
async function startSmtp(options: SMTPServerOptions = {}): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    logger: false,
    onAuth(auth, _session, callback) {
      const valid = auth.username === SMTP_USER && auth.password === SMTP_PASSWORD;
      callback(valid ? null : new Error("Invalid username or password"), valid ? { user: auth.username } : undefined);
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then((mail) => {
          received.push({ raw: raw.toString("utf8"), mail });
          callback();
        }, callback);
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.server.address() as AddressInfo;
  // The server offers STARTTLS with its built-in self-signed certificate: the mailer upgrades and accepts it here.
  return { url: `smtp://${SMTP_USER}:${encodeURIComponent(SMTP_PASSWORD)}@127.0.0.1:${port}?tls.rejectUnauthorized=false`, received };
}

/** The reference server with `env` on a temporary DATA_DIR and a free port. */
async function serve(env: NodeJS.ProcessEnv, logger: Logger = createLogger("silent")): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), "invitation-email-"));
  const config = loadConfig({ HOST: "127.0.0.1", PORT: "0", DATA_DIR: dir, PUBLIC_URL, MAIL_FROM, ...env });
  if (!config.ok) throw new Error(config.error.join("; "));
  const server = await startServer(config.value, { logger, tools: [hashText], passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST) });
  cleanups.push(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return server;
}

/** A POST over node:http, so the `Host` header is sent exactly as given. */
function postWithHost(url: string, host: string, client: SessionClient, body: unknown): Promise<{ status: number; body: { data?: Record<string, unknown> } }> {
  const payload = JSON.stringify(body);
  const headers = { host, cookie: client.cookie, "x-csrf-token": client.csrf, "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) };
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: "POST", headers }, (response) => {
      let text = "";
      response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk)).on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
    });
    sent.on("error", reject).end(payload);
  });
}

/** Signs an owner up, makes a shared workspace and invites INVITEE through a request whose Host is evil.example. */
async function inviteWithForgedHost(server: RunningServer): Promise<{ owner: string; acceptUrl: string }> {
  const owner = `owner-${Math.random().toString(36).slice(2)}@example.com`;
  const client = await signUpOver(server.url, owner);
  const created = await sessionCall(server.url, client, "POST", "/workspaces", { name: WORKSPACE });
  expect(created.status).toBe(201);
  const workspaceId = (created.body.data?.workspace as { id: string }).id;
  const answer = await postWithHost(`${server.url}/api/v1/workspaces/${workspaceId}/invitations`, "evil.example", client, { email: INVITEE, role: "member" });
  expect(answer.status).toBe(201);
  const acceptUrl = answer.body.data?.acceptUrl as string;
  expect(acceptUrl).toMatch(/^https:\/\/tools\.example\.com\/dashboard\/invitations\/[A-Za-z0-9_-]{43}$/);
  return { owner, acceptUrl };
}

const recipients = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((to) => to.value.map((value) => value.address));
const toInvitee = (received: readonly Received[]) => received.filter(({ mail }) => recipients(mail).includes(INVITEE));

describe("the invitation email", () => {
  it("reaches the invitee through SMTP from MAIL_FROM, with the PUBLIC_URL accept link the API answered and nothing of the Host", async () => {
    const smtp = await startSmtp();
    const server = await serve({ SMTP_URL: smtp.url });
    const { owner, acceptUrl } = await inviteWithForgedHost(server);
    await expect.poll(() => toInvitee(smtp.received).length, ARRIVAL).toBeGreaterThan(0);
    const [email, ...more] = toInvitee(smtp.received);
    expect(more).toEqual([]);
    expect(email.mail.from?.value).toEqual([{ name: "Tools Team", address: "no-reply@tools.example.com" }]);
    expect(email.mail.subject).toContain(owner);
    expect(email.mail.subject).toContain(WORKSPACE);
    expect(email.mail.text?.split("\n")).toContain(acceptUrl);
    for (const { raw, mail } of smtp.received) {
      expect(raw).not.toContain("evil.example");
      expect(`${mail.subject}\n${mail.text}`).not.toContain("evil.example");
    }
  });

  it("is written to the log as one line (msg email, to, subject, text) when SMTP_URL is unset", async () => {
    const lines: Record<string, unknown>[] = [];
    const destination: DestinationStream = { write: (chunk: string) => void lines.push(...chunk.trimEnd().split("\n").map((line) => JSON.parse(line))) };
    const server = await serve({}, createLogger("info", destination));
    const { owner, acceptUrl } = await inviteWithForgedHost(server);
    const emails = () => lines.filter((line) => line.msg === "email");
    await expect.poll(() => emails().length, ARRIVAL).toBeGreaterThan(0);
    const [line, ...more] = emails().filter((entry) => entry.to === INVITEE);
    expect(more).toEqual([]);
    expect(line).toEqual({ level: 30, time: expect.any(Number), msg: "email", to: INVITEE, subject: expect.any(String), text: expect.any(String) });
    expect(line.subject).toContain(owner);
    expect(line.subject).toContain(WORKSPACE);
    expect((line.text as string).split("\n")).toContain(acceptUrl);
    expect(JSON.stringify(emails())).not.toContain("evil.example");
  });

  it("still arrives when the SMTP server refuses the first attempt: emails are retried like webhooks", async () => {
    let rcptAttempts = 0;
    const smtp = await startSmtp({
      onRcptTo(_address, _session, callback) {
        rcptAttempts += 1;
        if (rcptAttempts === 1) callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
        else callback();
      },
    });
    const server = await serve({ SMTP_URL: smtp.url, WEBHOOK_RETRY_SCHEDULE: "1,1,1" });
    const { acceptUrl } = await inviteWithForgedHost(server);
    await expect.poll(() => toInvitee(smtp.received).length, ARRIVAL).toBeGreaterThan(0);
    expect(rcptAttempts).toBeGreaterThanOrEqual(2);
    const [email, ...more] = toInvitee(smtp.received);
    expect(more).toEqual([]);
    expect(email.mail.text?.split("\n")).toContain(acceptUrl);
  });
});
