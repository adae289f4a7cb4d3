import { randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createTcpServer, type Server as TcpServer } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { newWebhookSecret, webhookHeaders } from "../../domain/webhook-signature.ts";
import { HttpWebhookSender, parseRetryAfter } from "./http-webhook-sender.ts";
import type { ResolveHost } from "./outbound-target.ts";

interface Received { readonly method?: string; readonly url?: string; readonly headers: IncomingHttpHeaders; readonly body: string }
interface Receiver { readonly port: number; readonly received: Received[]; readonly connections: () => number; readonly close: () => Promise<unknown> }

const servers = new Set<Server | TcpServer>();
const stop = (server: Server | TcpServer) => {
  servers.delete(server);
  if ("closeAllConnections" in server) server.closeAllConnections();
  return new Promise((done) => server.close(done));
};
afterEach(() => Promise.all([...servers].map(stop)));

/** A real HTTP server on 127.0.0.1 that records each request, then lets `answer` reply (or not). */
async function startReceiver(answer: (res: ServerResponse, req: IncomingMessage) => void = (res) => res.writeHead(204).end()): Promise<Receiver> {
  const received: Received[] = [];
  let connections = 0;
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
    req.on("end", () => (received.push({ method: req.method, url: req.url, headers: req.headers, body }), answer(res, req)));
  });
  server.on("connection", () => connections++);
  servers.add(server);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return { port: (server.address() as { port: number }).port, received, connections: () => connections, close: () => stop(server) };
}

const local = (port: number, path = "/hook") => `http://127.0.0.1:${port}${path}`;
const dev = (options: Partial<ConstructorParameters<typeof HttpWebhookSender>[0]> = {}) => new HttpWebhookSender({ allowPrivate: true, ...options });
const resolvingTo = (...addresses: string[]): ResolveHost => async () => addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
const BODY = JSON.stringify({ type: "webhook.test", timestamp: "2025-01-01T00:00:00.000Z", data: { id: "evt_1" } });

describe("send to a real receiver", () => {
  it("POSTs the body with its headers, and the signature verifies with the standardwebhooks package", async () => {
    const receiver = await startReceiver();
    const secret = newWebhookSecret(randomBytes(32));
    const headers = webhookHeaders([secret], "evt_1", Math.floor(Date.now() / 1000), BODY);
    expect(await dev({ userAgent: "hooks-test" }).send(local(receiver.port, "/hook?x=1"), BODY, headers)).toEqual({ status: 204 });
    const [got] = receiver.received;
    expect([got.method, got.url, got.body, got.headers["user-agent"], got.headers["content-type"]]).toEqual(["POST", "/hook?x=1", BODY, "hooks-test", "application/json"]);
    expect(new Webhook(secret).verify(got.body, got.headers as Record<string, string>)).toEqual(JSON.parse(BODY));
  });

  it.each([307, 302])("never follows a %i: the outcome is the 3xx and the Location server is never contacted", async (status) => {
    const elsewhere = await startReceiver();
    const receiver = await startReceiver((res) => res.writeHead(status, { location: local(elsewhere.port, "/stolen") }).end());
    expect(await dev().send(local(receiver.port), BODY, {})).toEqual({ status });
    expect(receiver.received).toHaveLength(1);
    expect(elsewhere.connections()).toBe(0);
  });

  it("gives up on a receiver that never answers after timeoutMs, dropping the connection", async () => {
    let closed: Promise<void> = new Promise(() => {});
    const receiver = await startReceiver((_res, req) => (closed = new Promise((done) => req.socket.once("close", () => done()))));
    const startedAt = Date.now();
    expect(await dev({ timeoutMs: 300 }).send(local(receiver.port), BODY, {})).toEqual({ error: "timed out after 0.3 s" });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(250);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    await closed;
  }, 10_000);

  it("keeps the status of an answer whose body never ends, and says the time ran out", async () => {
    const receiver = await startReceiver((res) => res.writeHead(200).write("partial"));
    expect(await dev({ timeoutMs: 300 }).send(local(receiver.port), BODY, {})).toEqual({ status: 200, error: "timed out after 0.3 s reading the answer" });
  });

  it("stops reading a huge answer after maxResponseBytes instead of reading it all", async () => {
    // 64 MiB: more than loopback's socket buffers can absorb, so the server can only finish if the sender keeps reading.
    const total = 64 * 1024 * 1024;
    let served: Promise<{ written: number; finished: boolean }> = new Promise(() => {});
    const receiver = await startReceiver((res) => {
      const chunk = Buffer.alloc(64 * 1024, "x");
      let written = 0;
      served = new Promise((done) => res.on("close", () => done({ written, finished: res.writableFinished })));
      // Writes only as fast as the sender reads (drain), so nothing is buffered in this process.
      const pump = () => {
        while (written < total) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      res.writeHead(200);
      pump();
    });
    expect(await dev({ maxResponseBytes: 4096 }).send(local(receiver.port), BODY, {})).toEqual({ status: 200 });
    const { written, finished } = await served;
    expect(finished).toBe(false);
    expect(written).toBeLessThan(total);
  }, 10_000);

  it.each([
    ["429 with Retry-After: 7", 429, "7", 7], ["503 with Retry-After: 0", 503, "0", 0],
    ["500 (Retry-After only counts on 429 and 503)", 500, "7", undefined], ["429 with an unreadable Retry-After", 429, "soon", undefined],
  ])("reads a %s", async (_name, status, retryAfter, seconds) => {
    const receiver = await startReceiver((res) => res.writeHead(status, { "retry-after": retryAfter }).end());
    expect(await dev().send(local(receiver.port), BODY, {})).toEqual(seconds === undefined ? { status } : { status, retryAfterSeconds: seconds });
  });

  it("reads a 503's Retry-After given as an HTTP-date", async () => {
    const receiver = await startReceiver((res) => res.writeHead(503, { "retry-after": new Date(Date.now() + 120_000).toUTCString() }).end());
    const outcome = await dev().send(local(receiver.port), BODY, {});
    expect(outcome.status).toBe(503);
    expect(outcome.retryAfterSeconds).toBeGreaterThanOrEqual(100);
    expect(outcome.retryAfterSeconds).toBeLessThanOrEqual(120);
  });

  it("refuses an answer whose headers exceed 16 KiB", async () => {
    const receiver = await startReceiver((res) => res.writeHead(200, { "x-big": "a".repeat(20_000) }).end());
    expect(await dev().send(local(receiver.port), BODY, {})).toEqual({ error: "the answer's headers exceed 16384 bytes" });
  });

  it("turns failures into short outcomes and never throws", async () => {
    const receiver = await startReceiver();
    const closedPort = receiver.port;
    await receiver.close();
    expect(await dev().send(local(closedPort), BODY, {})).toEqual({ error: "connection failed (ECONNREFUSED)" });
    expect(await dev().send("not a url", BODY, {})).toEqual({ error: "refused target: the URL is not valid" });
    expect(await dev().send(local(closedPort), BODY, { "x-bad": "a\nb" })).toEqual({ error: "connection failed (ERR_INVALID_CHAR)" });
    const unresolved = await dev({ lookup: () => Promise.reject(new Error("boom")) }).send("https://hooks.example.test/", BODY, {});
    expect(unresolved).toEqual({ error: "refused target: the host could not be resolved" });
  });
});

describe("parseRetryAfter", () => {
  it.each([
    ["7", 7], [" 120 ", 120], ["2", 2], ["Wed, 01 Jan 2025 00:01:00 GMT", 60], ["Tue, 31 Dec 2024 23:00:00 GMT", 0],
    ["-5", undefined], ["1.5", undefined], ["", undefined], [undefined, undefined],
  ])("reads %j as %s seconds at 2025-01-01T00:00:00Z", (value, seconds) => {
    expect(parseRetryAfter(value, Date.UTC(2025, 0, 1))).toBe(seconds);
  });
});

const REFUSED = ["127.0.0.1", "10.0.0.1", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255", "::1", "fc00::1", "fe80::1", "::ffff:127.0.0.1", "::ffff:169.254.169.254"];
const production = (lookup: ResolveHost = resolvingTo("93.184.215.14")) => new HttpWebhookSender({ allowPrivate: false, lookup });
const noLookup: ResolveHost = () => Promise.reject(new Error("an IP literal must not be resolved"));

describe("checkTarget refuses what could reach inside", () => {
  it.each([
    ["http://hooks.example.test/", "the URL must use https"], ["ftp://hooks.example.test/", "the URL must use https"],
    ["https://user:pw@hooks.example.test/", "the URL must not contain credentials"], ["hooks.example.test/path", "the URL is not valid"],
    [`https://hooks.example.test/${"a".repeat(2048)}`, "the URL is longer than 2048 characters"],
  ])("refuses %s", async (url, reason) => {
    expect(await production().checkTarget(url)).toBe(reason);
  });

  it("accepts an https URL whose every address is public", async () => {
    expect(await production(resolvingTo("93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c")).checkTarget("https://hooks.example.test/in")).toBeUndefined();
  });

  it.each(REFUSED)("refuses a host that resolves to %s", async (address) => {
    expect(await production(resolvingTo(address)).checkTarget("https://hooks.example.test/in")).toMatch(/^the host resolves to a refused address \(.+\)$/);
  });

  it.each([["93.184.215.14", "10.0.0.1"], ["2606:4700:4700::1111", "fe80::1"], ["8.8.8.8", "::ffff:127.0.0.1"]])("refuses a host resolving to %s and also %s", async (...addresses) => {
    expect(await production(resolvingTo(...addresses)).checkTarget("https://hooks.example.test/")).toMatch(/refused address/);
  });

  const literals = [...REFUSED.map((a) => (a.includes(":") ? `[${a}]` : a)), "[::ffff:a9fe:a9fe]", "0x7f.1", "2130706433", "169.254.169.254:80"];
  it.each(literals)("refuses the IP literal https://%s/ without resolving anything", async (host) => {
    expect(await production(noLookup).checkTarget(`https://${host}/latest/meta-data`)).toMatch(/^the address is refused \(.+\)$/);
  });

  it("refuses a host that cannot be resolved or resolves to nothing", async () => {
    expect(await production(noLookup).checkTarget("https://hooks.example.test/")).toBe("the host could not be resolved");
    expect(await production(resolvingTo()).checkTarget("https://hooks.example.test/")).toBe("the host could not be resolved");
    const silent = new HttpWebhookSender({ allowPrivate: false, timeoutMs: 200, lookup: () => new Promise(() => {}) });
    expect(await silent.checkTarget("https://hooks.example.test/")).toBe("the host could not be resolved in time");
    expect(await silent.send("https://hooks.example.test/", BODY, {})).toEqual({ error: "timed out after 0.2 s" });
  });

  it("lets WEBHOOK_ALLOW_PRIVATE allow http: and private addresses, but no other scheme", async () => {
    expect(await dev({ lookup: resolvingTo("127.0.0.1") }).checkTarget("http://hooks.example.test/")).toBeUndefined();
    expect(await dev().checkTarget("http://[::1]:8080/")).toBeUndefined();
    expect(await dev().checkTarget("ftp://127.0.0.1/")).toBe("the URL must use https or http");
  });
});

describe("send connects only to the address it checked", () => {
  it("refuses a host rebound to 127.0.0.1 after its check, without connecting", async () => {
    const receiver = await startReceiver();
    const answers = ["93.184.215.14", "127.0.0.1"];
    const sender = production(async () => [{ address: answers.shift() ?? "127.0.0.1", family: 4 }]);
    const url = `https://rebind.test:${receiver.port}/hook`;
    expect(await sender.checkTarget(url)).toBeUndefined();
    expect(await sender.send(url, BODY, {})).toEqual({ error: "refused target: the host resolves to a refused address (loopback)" });
    expect(await production().send(local(receiver.port), BODY, {})).toEqual({ error: "refused target: the URL must use https" });
    expect(receiver.connections()).toBe(0);
  });

  it("resolves once per attempt and connects to that address, with the URL's Host", async () => {
    const receiver = await startReceiver();
    let lookups = 0;
    const sender = dev({ lookup: async (hostname) => (lookups++, hostname === "pinned.test" ? [{ address: "127.0.0.1", family: 4 }] : []) });
    for (const attempt of [1, 2]) {
      expect(await sender.send(`http://pinned.test:${receiver.port}/hook`, BODY, {})).toEqual({ status: 204 });
      expect(lookups).toBe(attempt);
    }
    expect(receiver.received.map((got) => got.headers.host)).toEqual([`pinned.test:${receiver.port}`, `pinned.test:${receiver.port}`]);
  });

  it("names the URL's host, not the address connected to, in TLS's server name", async () => {
    let hello = Buffer.alloc(0);
    const server = createTcpServer((socket) => socket.once("data", (data) => ((hello = data), socket.destroy())));
    servers.add(server);
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const port = (server.address() as { port: number }).port;
    const outcome = await dev({ lookup: resolvingTo("127.0.0.1") }).send(`https://pinned.test:${port}/`, BODY, {});
    expect(outcome.error).toMatch(/^connection failed/);
    expect(hello.includes("pinned.test")).toBe(true);
  });
});
