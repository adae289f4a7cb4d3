// Password reset and email verification over the session API on real servers (real HTTP, a real SMTP server started
// here, the real clock): the whole reset by email, one answer for unknown addresses, the throttles, and a reset on
// one instance ending a session on another instance of the same Redis at its next request.
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Config, loadConfig } from "../../config.ts";
import { startSmtpReceiver } from "../../email/testing/smtp-receiver.ts";
import { createLogger } from "../../logger.ts";
import { ScryptPasswordHasher } from "../../security/scrypt-password-hasher.ts";
import { type RunningServer, startServer } from "../../server.ts";
import { deleteKeysUnder, findTestRedis, redisConfig, uniquePrefix } from "../../storage/testing/redis.ts";
import { freshEmail } from "../../testing/fresh-email.ts";
import { TEST_SCRYPT_COST } from "../../testing/harness.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";
import { FormClient, overHttp } from "../dashboard/testing/form-client.ts";

const PUBLIC_URL = "https://tools.example.com";
const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "violet kettle marching lantern";
const ARRIVAL = { timeout: 30_000, interval: 100 };
const redisUrl = await findTestRedis();

let mails: ParsedMail[] = [];
const closers: (() => Promise<void>)[] = [];
let smtpUrl: string;

beforeAll(async () => {
  const smtp = await startSmtpReceiver();
  closers.push(smtp.close);
  ({ mails, url: smtpUrl } = smtp);
});

afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function serve(config: Config): Promise<RunningServer> {
  const server = await startServer(config, { logger: createLogger("silent"), tools: [hashText], passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST) });
  closers.push(() => server.close());
  return server;
}

/** The reference server on a temporary DATA_DIR, believing X-Forwarded-For from loopback (so tests pick client addresses). */
async function serveFiles(): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), "password-reset-api-"));
  closers.push(async () => rmSync(dir, { recursive: true, force: true }));
  const config = loadConfig({ HOST: "127.0.0.1", PORT: "0", DATA_DIR: dir, PUBLIC_URL, SMTP_URL: smtpUrl, TRUST_PROXY: "loopback" });
  if (!config.ok) throw new Error(config.error.join("; "));
  return serve(config.value);
}

interface Client {
  readonly cookie: string;
  readonly csrf: string;
}

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
  readonly body: any;
}

/** A JSON call over node:http, so `Host` and `X-Forwarded-For` are sent exactly as given. */
function call(base: string, method: string, path: string, options: { body?: unknown; client?: Client; host?: string; from?: string } = {}): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { ...(options.host ? { host: options.host } : {}), ...(options.from ? { "x-forwarded-for": options.from } : {}) };
  if (payload !== undefined) Object.assign(headers, { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) });
  if (options.client) Object.assign(headers, { cookie: options.client.cookie, "x-csrf-token": options.client.csrf });
  return new Promise((resolve, reject) => {
    const sent = request(`${base}/api/v1${path}`, { method, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk)).on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text, body: JSON.parse(text) }));
    });
    sent.on("error", reject).end(payload);
  });
}

const cookieOf = (answer: Answer): string => String(answer.headers["set-cookie"] ?? "").split(";")[0];

async function signUp(base: string, email: string): Promise<Client> {
  const answer = await call(base, "POST", "/auth/sign-up", { body: { email, password: PASSWORD } });
  expect(answer.status).toBe(201);
  return { cookie: cookieOf(answer), csrf: answer.body.data.csrfToken };
}

async function signIn(base: string, email: string, password: string): Promise<{ status: number; client: Client }> {
  const answer = await call(base, "POST", "/auth/sign-in", { body: { email, password } });
  return { status: answer.status, client: { cookie: cookieOf(answer), csrf: answer.body.data?.csrfToken } };
}

const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((one) => one.value.map((value) => value.address));

/** The links under `path` in the emails to `email` that arrived (polling until `count` did). */
async function linksTo(email: string, path: string, count = 1): Promise<string[]> {
  const links = () => mails.filter((mail) => to(mail).includes(email)).flatMap((mail) => mail.text?.match(/https?:\/\/\S+/g) ?? [])
    .filter((link) => link.includes(path));
  await expect.poll(() => links().length, ARRIVAL).toBeGreaterThanOrEqual(count);
  return links();
}

const tokenOf = (link: string): string => decodeURIComponent(link.slice(link.lastIndexOf("/") + 1));

describe("password reset over the session API", () => {
  let base: string;
  beforeAll(async () => {
    base = (await serveFiles()).url;
  });

  it("resets by email end to end: the PUBLIC_URL link whatever the Host, old password and old sessions refused, new password works", async () => {
    const email = freshEmail("ada");
    const first = await signUp(base, email);
    const second = (await signIn(base, email, PASSWORD)).client;
    const asked = await call(base, "POST", "/auth/password-reset", { body: { email }, host: "evil.example", from: "198.51.100.1" });
    expect(asked.status).toBe(202);
    const [link] = await linksTo(email, "/reset-password/");
    expect(link).toMatch(/^https:\/\/tools\.example\.com\/dashboard\/reset-password\/[A-Za-z0-9_.-]+$/);
    const weak = await call(base, "POST", "/auth/password-reset/confirm", { body: { token: tokenOf(link), password: "password1234" } });
    expect([weak.status, weak.body.error_code, weak.body.details?.[0]?.path]).toEqual([422, "invalid_input", "/password"]);
    const confirmed = await call(base, "POST", "/auth/password-reset/confirm", { body: { token: tokenOf(link), password: NEW_PASSWORD } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.account).toMatchObject({ email, emailVerified: true });
    for (const client of [first, second]) expect((await call(base, "GET", "/auth/session", { client })).status).toBe(401);
    expect((await signIn(base, email, PASSWORD)).status).toBe(401);
    expect((await signIn(base, email, NEW_PASSWORD)).status).toBe(200);
    const again = await call(base, "POST", "/auth/password-reset/confirm", { body: { token: tokenOf(link), password: `${NEW_PASSWORD} two` } });
    expect([again.status, again.body.error_code]).toEqual([404, "not_found"]);
    await expect.poll(() => mails.some((mail) => to(mail).includes(email) && /reset/i.test(mail.subject ?? "") && /password/i.test(mail.text ?? "") && !mail.text?.includes("/reset-password/")), ARRIVAL).toBe(true);
  });

  it("answers an unknown address with the same status and body as a known one", async () => {
    const known = freshEmail("known");
    await signUp(base, known);
    const answers = await Promise.all([known, freshEmail("unknown")].map((email) => call(base, "POST", "/auth/password-reset", { body: { email }, from: "198.51.100.2" })));
    expect(answers.map((answer) => answer.status)).toEqual([202, 202]);
    expect(answers[1].text).toBe(answers[0].text);
    expect(answers[0].body).toMatchObject({ status: "success", code: 202 });
  });

  it("allows 5 requests per address-to-reset an hour, then 429 with Retry-After", async () => {
    const email = freshEmail("throttled");
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push(await call(base, "POST", "/auth/password-reset", { body: { email }, from: `203.0.113.${10 + i}` }));
    expect(statuses.map((answer) => answer.status)).toEqual([202, 202, 202, 202, 202, 429]);
    expect(statuses[5].body.error_code).toBe("rate_limited");
    expect(Number(statuses[5].headers["retry-after"])).toBeGreaterThan(0);
  });

  it("allows 20 requests per client address an hour, then 429 with Retry-After", async () => {
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push(await call(base, "POST", "/auth/password-reset", { body: { email: freshEmail(`ip${i}`) }, from: "192.0.2.77" }));
    expect(statuses.slice(0, 20).every((answer) => answer.status === 202)).toBe(true);
    expect([statuses[20].status, statuses[20].body.error_code]).toEqual([429, "rate_limited"]);
    expect(Number(statuses[20].headers["retry-after"])).toBeGreaterThan(0);
  });

  it("verifies the email with the link sent at sign-up, and sends another on request (CSRF-protected)", async () => {
    const email = freshEmail("verify");
    const client = await signUp(base, email);
    const [link] = await linksTo(email, "/verify-email/");
    expect(link.startsWith(`${PUBLIC_URL}/dashboard/verify-email/`)).toBe(true);
    expect((await call(base, "POST", "/auth/email-verification", { client: { ...client, csrf: "wrong" } })).body.error_code).toBe("csrf_failed");
    const sent = await call(base, "POST", "/auth/email-verification", { client });
    expect([sent.status, sent.body.data]).toEqual([202, { sent: true }]);
    const links = await linksTo(email, "/verify-email/", 2);
    const confirmed = await call(base, "POST", "/auth/email-verification/confirm", { body: { token: tokenOf(links[1]) } });
    expect([confirmed.status, confirmed.body.data.account.emailVerified]).toEqual([200, true]);
    expect((await call(base, "GET", "/auth/session", { client })).body.data.account.emailVerified).toBe(true);
    const used = await call(base, "POST", "/auth/email-verification/confirm", { body: { token: tokenOf(links[1]) } });
    expect([used.status, used.body.error_code]).toEqual([404, "not_found"]);
  });

  it("with SMTP_URL set, an invitation needs a verified email: the landing page says so and sends the link", async () => {
    const owner = await signUp(base, freshEmail("owner"));
    const workspace = await call(base, "POST", "/workspaces", { client: owner, body: { name: "Team" } });
    const inviteeEmail = freshEmail("invitee");
    const invited = await call(base, "POST", `/workspaces/${workspace.body.data.workspace.id}/invitations`, { client: owner, body: { email: inviteeEmail, role: "member" } });
    const path = new URL(invited.body.data.acceptUrl).pathname;
    const invitee = new FormClient(overHttp(base), base);
    await invitee.signUp(inviteeEmail);
    const landing = await (await invitee.get(path)).text();
    expect(landing).toContain("data-verify-first");
    const refused = await invitee.submit(path, `${path}/accept`, {});
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Verify your email address first");
    const sent = await invitee.submit(path, "/dashboard/account/verify-email", { next: path });
    expect(sent.headers.get("location")).toBe(`/dashboard/verify-email?state=sent&next=${encodeURIComponent(path)}`);
    const links = await linksTo(inviteeEmail, "/verify-email/", 2);
    expect((await call(base, "POST", "/auth/email-verification/confirm", { body: { token: tokenOf(links[1]) } })).status).toBe(200);
    expect(await (await invitee.get(path)).text()).not.toContain("data-verify-first");
    expect((await invitee.submit(path, `${path}/accept`, {})).headers.get("location")).toBe("/dashboard/keys?notice=joined");
  });
});

describe.skipIf(!redisUrl)("password reset on two instances of one Redis", () => {
  const url = redisUrl as string;
  const prefix = uniquePrefix("reset");
  afterAll(async () => {
    await deleteKeysUnder(url, prefix);
  });

  it("a reset done on instance A ends a session on instance B at its next request", async () => {
    const config = redisConfig(url, prefix, { PUBLIC_URL, SMTP_URL: smtpUrl });
    const a = await serve(config);
    const b = await serve(config);
    const email = freshEmail("two");
    await signUp(a.url, email);
    const onB = await signIn(b.url, email, PASSWORD);
    expect(onB.status).toBe(200);
    expect((await call(b.url, "GET", "/auth/session", { client: onB.client })).status).toBe(200);
    expect((await call(a.url, "POST", "/auth/password-reset", { body: { email } })).status).toBe(202);
    const [link] = await linksTo(email, "/reset-password/");
    expect((await call(a.url, "POST", "/auth/password-reset/confirm", { body: { token: tokenOf(link), password: NEW_PASSWORD } })).status).toBe(200);
    const after = await call(b.url, "GET", "/auth/session", { client: onB.client });
    expect([after.status, after.body.error_code]).toEqual([401, "unauthorized"]);
    expect((await signIn(b.url, email, NEW_PASSWORD)).status).toBe(200);
  });
});
