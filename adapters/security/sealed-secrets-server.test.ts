// Encryption at rest on the real server (real HTTP, embedded LMDB, real clock) with ENCRYPTION_KEY set: two-factor
// sign-in and webhook signatures work as before while the store holds neither secret in plain text.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Secret, TOTP } from "otpauth";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";
import { type RunningServer, startServer } from "../server.ts";
import { EVENTS_NAMESPACES } from "../storage/open-events-storage.ts";
import { TEST_SCRYPT_COST } from "../testing/harness.ts";
import { sessionCall, signUpOver } from "../testing/key-races.ts";
import { hashText } from "../tools/crypto/hash-text.ts";
import { ScryptPasswordHasher } from "./scrypt-password-hasher.ts";

const PASSWORD = "correct horse battery staple"; // signUpOver's
const WAIT = { timeout: 30_000, interval: 100 };
const codeAt = (secret: string, at: number) => TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30, timestamp: at });

let server: RunningServer;
let dataDir: string;
let receiver: Server;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8").on("data", (chunk: string) => (body += chunk)).on("end", () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  dataDir = mkdtempSync(join(tmpdir(), "sealed-secrets-"));
  const config = loadConfig({
    HOST: "127.0.0.1", PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "silent", WEBHOOK_ALLOW_PRIVATE: "true",
    ENCRYPTION_KEY: `${randomBytes(32).toString("base64")},${randomBytes(32).toString("hex")}`,
  });
  if (!config.ok) throw new Error(config.error.join("; "));
  server = await startServer(config.value, { logger: createLogger("silent"), tools: [hashText], passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST) });
});

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function post(path: string, body: unknown) {
  const response = await fetch(`${server.url}/api/v1${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as { data: Record<string, string> } };
}

const rawRecord = async (namespace: string, id: string) => (await server.storage.atomic<unknown>(namespace).readRaw(id)) ?? "";

describe("ENCRYPTION_KEY on the real server", () => {
  it("turns TOTP on and signs in with a code, while the stored account holds the secret only sealed", async () => {
    const email = `ada-${randomBytes(4).toString("hex")}@example.com`;
    const ada = await signUpOver(server.url, email);
    const setup = await sessionCall(server.url, ada, "POST", "/auth/totp");
    const secret = String(setup.body.data?.secret);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await rawRecord("accounts", ada.accountId)).not.toContain(secret);
    expect((await sessionCall(server.url, ada, "POST", "/auth/totp/enable", { code: codeAt(secret, Date.now()) })).status).toBe(200);
    const stored = await rawRecord("accounts", ada.accountId);
    expect(stored).toMatch(/"totp":\{"secret":"enc:v1:[0-9a-f]{8}:[A-Za-z0-9_-]+"/);
    expect(stored).not.toContain(secret);

    const password = await post("/auth/sign-in", { email, password: PASSWORD });
    expect(password.body.data).toMatchObject({ mfaRequired: true });
    // The enabling code counts as used: the next step's (within the ±1 window) signs in.
    const signedIn = await post("/auth/sign-in/totp", { mfaToken: password.body.data.mfaToken, code: codeAt(secret, Date.now() + 30_000) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.account).toMatchObject({ email, totpEnabled: true });
  });

  it("signs a delivery with the secret shown at creation, which the stored endpoint holds only sealed", async () => {
    const owner = await signUpOver(server.url, `owner-${randomBytes(4).toString("hex")}@example.com`);
    const hooks = `/workspaces/${owner.workspaceId}/webhooks`;
    const { port } = receiver.address() as AddressInfo;
    const created = await sessionCall(server.url, owner, "POST", hooks, { url: `http://127.0.0.1:${port}/hooks` });
    expect(created.status).toBe(201);
    const { webhook, secret } = created.body.data as { webhook: { id: string }; secret: string };
    const stored = await rawRecord(EVENTS_NAMESPACES.webhooks, webhook.id);
    expect(stored).toMatch(/"secret":"enc:v1:[0-9a-f]{8}:/);
    expect(stored).not.toContain(secret);

    expect((await sessionCall(server.url, owner, "POST", `${hooks}/${webhook.id}/test`)).status).toBe(202);
    await expect.poll(() => received.length, WAIT).toBeGreaterThan(0);
    const [delivery] = received;
    const verified = new StandardWebhook(secret).verify(delivery.body, delivery.headers as Record<string, string>) as { type: string };
    expect(verified.type).toBe("webhook.test");
  });
});
