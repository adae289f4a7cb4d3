// The README's webhook receiver ("Verifying a delivery"), run as written: its ```js block under the marker comment is
// written to a temporary .mjs file (beside a node_modules link to this checkout's, for `standardwebhooks`) and run
// with node. It must accept what our signer (domain/webhook-signature.ts) and the real server send, and refuse the rest.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { type AddressInfo, connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eventBody, type OutgoingEvent } from "../../domain/event.ts";
import { newWebhookSecret, webhookHeaders } from "../../domain/webhook-signature.ts";
import { loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";
import { ScryptPasswordHasher } from "../security/scrypt-password-hasher.ts";
import { startServer } from "../server.ts";
import { TEST_SCRYPT_COST } from "../testing/harness.ts";
import { sessionCall, signUpOver } from "../testing/key-races.ts";
import { hashText } from "../tools/crypto/hash-text.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const WAIT = { timeout: 30_000, interval: 100 };

/** The ```js block right under `<!-- webhook-receiver-example … -->` in README.md. */
function readmeReceiver(): string {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const match = /^<!-- webhook-receiver-example\b[^\n]*-->\n```js\n([\s\S]*?)\n```$/m.exec(readme);
  if (!match) throw new Error("README.md has no ```js block right under <!-- webhook-receiver-example -->");
  return match[1];
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "readme-receiver-"));
  // The README tells receivers to `npm install standardwebhooks`: this checkout's copy stands in for that install.
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  writeFileSync(join(dir, "receiver.mjs"), readmeReceiver());
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/** A port free a moment ago on 127.0.0.1 (the README's receiver listens on PORT). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const accepts = (port: number) => new Promise<boolean>((resolve) => {
  const socket = connect(port, "127.0.0.1", () => socket.end(() => resolve(true))).on("error", () => resolve(false));
});

/** Runs the README's receiver with `secret` on `port`; resolves once it accepts connections. */
async function startReadmeReceiver(secret: string, port: number): Promise<{ url: string; stdout: () => string }> {
  let out = "";
  const child: ChildProcess = spawn(process.execPath, [join(dir, "receiver.mjs")], {
    cwd: dir, env: { PATH: process.env.PATH, WEBHOOK_SECRET: secret, PORT: String(port) }, stdio: ["ignore", "pipe", "inherit"],
  });
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
  stops.push(() => new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve()).kill("SIGTERM");
  }));
  await expect.poll(() => child.exitCode === null && accepts(port), WAIT).toBe(true);
  return { url: `http://127.0.0.1:${port}/`, stdout: () => out };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const EVENT: OutgoingEvent = {
  id: "evt_0m5k2b1xa0001Xy7Qp3LmN2vR", type: "key.revoked", timestamp: "2025-01-08T12:00:00.000Z", workspaceId: "ws_readme",
  data: { id: "evt_0m5k2b1xa0001Xy7Qp3LmN2vR", at: "2025-01-08T12:00:00.000Z", type: "key.revoked", workspaceId: "ws_readme", keyId: "key_readme", keyName: "billing-service" },
};

async function deliver(url: string, body: string, headers: Readonly<Record<string, string>>): Promise<number> {
  const response = await fetch(url, { method: "POST", headers, body });
  await response.body?.cancel();
  return response.status;
}

describe("README: the webhook receiver's verification", () => {
  const secret = newWebhookSecret(randomBytes(32));
  const other = newWebhookSecret(randomBytes(32));
  const body = eventBody(EVENT);

  it("accepts a delivery signed by our signer and hands on the parsed event", async () => {
    const receiver = await startReadmeReceiver(secret, await freePort());
    expect(await deliver(receiver.url, body, webhookHeaders([secret], EVENT.id, nowSeconds(), body))).toBe(204);
    await expect.poll(receiver.stdout, WAIT).toContain(`${EVENT.id} key.revoked ${JSON.stringify(EVENT.data)}`);
  });

  it("accepts a delivery signed during a rotation, by the old and the new secret", async () => {
    const receiver = await startReadmeReceiver(secret, await freePort());
    expect(await deliver(receiver.url, body, webhookHeaders([other, secret], EVENT.id, nowSeconds(), body))).toBe(204);
  });

  it("refuses a tampered body, another secret, a stale or future timestamp and missing headers, and hands none on", async () => {
    const receiver = await startReadmeReceiver(secret, await freePort());
    const tampered = body.replace("billing-service", "billing-servicf");
    const refused = {
      "tampered body": await deliver(receiver.url, tampered, webhookHeaders([secret], EVENT.id, nowSeconds(), body)),
      "re-serialized body": await deliver(receiver.url, JSON.stringify(JSON.parse(body), null, 2), webhookHeaders([secret], EVENT.id, nowSeconds(), body)),
      "another secret": await deliver(receiver.url, body, webhookHeaders([other], EVENT.id, nowSeconds(), body)),
      // standardwebhooks' tolerance is 5 minutes either way; 6 minutes is outside it, whatever this machine's load.
      "signed 6 minutes ago": await deliver(receiver.url, body, webhookHeaders([secret], EVENT.id, nowSeconds() - 360, body)),
      "signed 6 minutes ahead": await deliver(receiver.url, body, webhookHeaders([secret], EVENT.id, nowSeconds() + 360, body)),
      "no signature headers": await deliver(receiver.url, body, { "content-type": "application/json" }),
    };
    expect(refused).toEqual(Object.fromEntries(Object.keys(refused).map((name) => [name, 400])));
    expect(receiver.stdout()).toBe("");
  });
});

describe("README: the webhook receiver behind the real server", () => {
  it("receives the server's test event: the delivery is delivered with the receiver's 204", async () => {
    const data = mkdtempSync(join(tmpdir(), "readme-receiver-server-"));
    const config = loadConfig({ HOST: "127.0.0.1", PORT: "0", DATA_DIR: data, WEBHOOK_ALLOW_PRIVATE: "true", LOG_LEVEL: "silent" });
    if (!config.ok) throw new Error(config.error.join("; "));
    const server = await startServer(config.value, { logger: createLogger("silent"), tools: [hashText], passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST) });
    stops.push(async () => {
      await server.close();
      rmSync(data, { recursive: true, force: true });
    });
    const owner = await signUpOver(server.url, `owner-${Math.random().toString(36).slice(2)}@example.com`);
    const port = await freePort();
    const hooks = `/workspaces/${owner.workspaceId}/webhooks`;
    const created = await sessionCall(server.url, owner, "POST", hooks, { url: `http://127.0.0.1:${port}/hooks/tools` });
    expect(created.status).toBe(201);
    const { webhook, secret } = created.body.data as { webhook: { id: string }; secret: string };
    const receiver = await startReadmeReceiver(secret, port);
    expect((await sessionCall(server.url, owner, "POST", `${hooks}/${webhook.id}/test`)).status).toBe(202);
    const deliveries = async () => ((await sessionCall(server.url, owner, "GET", `${hooks}/${webhook.id}/deliveries`)).body.data?.deliveries ?? []) as Record<string, unknown>[];
    await expect.poll(async () => (await deliveries())[0]?.status, WAIT).toBe("delivered");
    expect((await deliveries())[0]).toMatchObject({ type: "webhook.test", responseStatus: 204, attempts: 1, error: null });
    expect(receiver.stdout()).toMatch(/^\S+ webhook\.test \{.*\}\n$/);
  });
});
