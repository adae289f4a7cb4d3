// Two-factor sign-in over the session API on a real server (real HTTP, real SMTP server for the notices, real clock):
// set-up, enable, the second sign-in step with a code and a recovery code, replay and tries refused, disable.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ParsedMail } from "mailparser";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { type SmtpReceiver, startSmtpReceiver } from "../../email/testing/smtp-receiver.ts";
import { createLogger } from "../../logger.ts";
import { ScryptPasswordHasher } from "../../security/scrypt-password-hasher.ts";
import { type RunningServer, startServer } from "../../server.ts";
import { TEST_SCRYPT_COST } from "../../testing/harness.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";

const PUBLIC_URL = "https://tools.example.com";
const PASSWORD = "correct horse battery";
const ARRIVAL = { timeout: 30_000, interval: 100 };

let server: RunningServer;
let smtp: SmtpReceiver | undefined;
let dataDir: string;
let mails: ParsedMail[] = [];

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  mails = smtp.mails;
  dataDir = mkdtempSync(join(tmpdir(), "totp-api-"));
  const config = loadConfig({
    HOST: "127.0.0.1", PORT: "0", DATA_DIR: dataDir, PUBLIC_URL, SMTP_URL: smtp.url,
  });
  if (!config.ok) throw new Error(config.error.join("; "));
  server = await startServer(config.value, { logger: createLogger("silent"), tools: [hashText], passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST) });
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Client {
  readonly cookie: string;
  readonly csrf: string;
}

/** A JSON call over real HTTP: the status, headers and parsed body. */
async function call(method: string, path: string, options: { client?: Client; body?: unknown; csrf?: boolean } = {}) {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.client) headers.cookie = options.client.cookie;
  if (options.client && options.csrf !== false) headers["x-csrf-token"] = options.client.csrf;
  const response = await fetch(`${server.url}/api/v1${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  // Any route's envelope: each test reads the fields it checks.
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

const cookieOf = (headers: Headers): string => (headers.get("set-cookie") ?? "").split(";")[0];

async function signUp(email: string): Promise<Client> {
  const answer = await call("POST", "/auth/sign-up", { body: { email, password: PASSWORD } });
  expect(answer.status).toBe(201);
  return { cookie: cookieOf(answer.headers), csrf: answer.body.data.csrfToken };
}

/** What the app shows at `at` (epoch ms), computed by otpauth on its own. */
const codeAt = (secret: string, at: number) => TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30, timestamp: at });
const otherThan = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, "0");

/** Sets up and enables TOTP for a signed-in client; returns the secret and the recovery codes. */
async function enable(client: Client) {
  const setup = await call("POST", "/auth/totp", { client });
  expect(setup.status).toBe(200);
  const { secret } = setup.body.data;
  const enabled = await call("POST", "/auth/totp/enable", { client, body: { code: codeAt(secret, Date.now()) } });
  expect(enabled.status).toBe(200);
  return { secret: secret as string, otpauthUrl: setup.body.data.otpauthUrl as string, recoveryCodes: enabled.body.data.recoveryCodes as string[] };
}

async function passwordStep(email: string): Promise<string> {
  const answer = await call("POST", "/auth/sign-in", { body: { email, password: PASSWORD } });
  expect(answer.status).toBe(200);
  expect(answer.headers.get("set-cookie")).toBeNull();
  expect(answer.body.data).toEqual({ mfaRequired: true, mfaToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresAt: expect.any(String) });
  return answer.body.data.mfaToken;
}

/** The plain text of the first email whose subject ends with `subject` (after the product's name), once it arrived. */
async function mailTo(subject: string): Promise<string> {
  const matches = (mail: ParsedMail) => mail.subject?.endsWith(subject) === true;
  await expect.poll(() => mails.some(matches), ARRIVAL).toBe(true);
  return mails.find(matches)?.text ?? "";
}

describe("two-factor sign-in over the session API", () => {
  it("sets up, enables, signs in with a code and a recovery code (each once), and turns off, with notices by email", async () => {
    const client = await signUp("ada@example.com");
    expect((await call("POST", "/auth/totp", { client, csrf: false })).body.error_code).toBe("csrf_failed");
    const setup = await call("POST", "/auth/totp", { client });
    expect(setup.status).toBe(200);
    expect(setup.body.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    // Until when it may be confirmed: 15 minutes from now (seconds of slack for a loaded machine).
    expect(Math.abs(Date.parse(setup.body.data.expiresAt) - (Date.now() + 15 * 60_000))).toBeLessThan(5_000);
    const url = new URL(setup.body.data.otpauthUrl);
    expect([url.protocol, url.host, decodeURIComponent(url.pathname)]).toEqual(["otpauth:", "totp", "/Tool Execution API:ada@example.com"]);
    expect(Object.fromEntries(url.searchParams)).toEqual({ secret: setup.body.data.secret, issuer: "Tool Execution API", algorithm: "SHA1", digits: "6", period: "30" });

    const { secret } = setup.body.data;
    const wrong = await call("POST", "/auth/totp/enable", { client, body: { code: otherThan(codeAt(secret, Date.now())) } });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ error_code: "invalid_input", details: [{ path: "/code" }] });
    const enableCode = codeAt(secret, Date.now());
    const enabled = await call("POST", "/auth/totp/enable", { client, body: { code: enableCode } });
    expect(enabled.status).toBe(200);
    const { recoveryCodes } = enabled.body.data;
    expect(recoveryCodes).toHaveLength(10);
    expect((await call("GET", "/auth/session", { client })).body.data.account.totpEnabled).toBe(true);
    expect((await call("POST", "/auth/totp", { client })).body.error_code).toBe("conflict");
    expect(await mailTo("Two-factor sign-in was turned on")).toContain(`${PUBLIC_URL}/dashboard/account`);

    // The code that enabled it is used; the next step's code (within the ±1 window) signs in, once.
    expect((await call("POST", "/auth/sign-in/totp", { body: { mfaToken: await passwordStep("ada@example.com"), code: enableCode } })).status).toBe(401);
    const next = codeAt(secret, Date.now() + 30_000);
    const signed = await call("POST", "/auth/sign-in/totp", { body: { mfaToken: await passwordStep("ada@example.com"), code: next } });
    expect(signed.status).toBe(200);
    expect(signed.body.data).toEqual({ account: expect.objectContaining({ email: "ada@example.com", totpEnabled: true }), csrfToken: expect.any(String) });
    const second: Client = { cookie: cookieOf(signed.headers), csrf: signed.body.data.csrfToken };
    expect((await call("GET", "/auth/session", { client: second })).status).toBe(200);
    const replay = await call("POST", "/auth/sign-in/totp", { body: { mfaToken: await passwordStep("ada@example.com"), code: next } });
    expect([replay.status, replay.body.error_code]).toEqual([401, "invalid_credentials"]);

    const byRecovery = await call("POST", "/auth/sign-in/totp", { body: { mfaToken: await passwordStep("ada@example.com"), code: recoveryCodes[0].toUpperCase() } });
    expect(byRecovery.status).toBe(200);
    const again = await call("POST", "/auth/sign-in/totp", { body: { mfaToken: await passwordStep("ada@example.com"), code: recoveryCodes[0] } });
    expect(again.status).toBe(401);

    const refused = await call("DELETE", "/auth/totp", { client: second, body: { code: recoveryCodes[0] } });
    expect([refused.status, refused.body.error_code]).toEqual([401, "invalid_credentials"]);
    const off = await call("DELETE", "/auth/totp", { client: second, body: { code: recoveryCodes[1] } });
    expect(off.status).toBe(200);
    expect(off.body.data.account.totpEnabled).toBe(false);
    await mailTo("Two-factor sign-in was turned off");
    const plain = await call("POST", "/auth/sign-in", { body: { email: "ada@example.com", password: PASSWORD } });
    expect(plain.body.data).toEqual({ account: expect.objectContaining({ totpEnabled: false }), csrfToken: expect.any(String) });
    expect(cookieOf(plain.headers)).not.toBe("");
  }, 60_000);

  it("answers 429 with Retry-After on an mfaToken's 6th try; unknown tokens 401; missing fields 422; no body 415", async () => {
    const client = await signUp("grace@example.com");
    const { secret } = await enable(client);
    const mfaToken = await passwordStep("grace@example.com");
    const right = codeAt(secret, Date.now() + 30_000);
    for (let i = 0; i < 5; i++) {
      const answer = await call("POST", "/auth/sign-in/totp", { body: { mfaToken, code: otherThan(right) } });
      expect([answer.status, answer.body.error_code]).toEqual([401, "invalid_credentials"]);
    }
    const sixth = await call("POST", "/auth/sign-in/totp", { body: { mfaToken, code: right } });
    expect([sixth.status, sixth.body.error_code]).toEqual([429, "rate_limited"]);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(sixth.headers.get("retry-after"))).toBeLessThanOrEqual(300);

    const unknown = await call("POST", "/auth/sign-in/totp", { body: { mfaToken: "A".repeat(43), code: right } });
    expect([unknown.status, unknown.body.error_code]).toEqual([401, "invalid_credentials"]);
    const missing = await call("POST", "/auth/sign-in/totp", { body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.details.map((issue: { path: string }) => issue.path)).toEqual(["/mfaToken", "/code"]);
    const raw = await fetch(`${server.url}/api/v1/auth/sign-in/totp`, { method: "POST", body: "mfaToken=x" });
    expect(raw.status).toBe(415);
    await raw.arrayBuffer();
    const wrongOff = await call("DELETE", "/auth/totp", { client, body: {} });
    expect([wrongOff.status, wrongOff.body.error_code]).toEqual([422, "invalid_input"]);
  }, 60_000);
});
