import { mkdtempSync, rmSync } from "node:fs";
import { Agent, type IncomingMessage, request, STATUS_CODES } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";
import { type RunningServer, startServer } from "../server.ts";
import { clientErrorResponse, clientErrorStatus } from "./wire.ts";
import { InlineToolRunner } from "../tools/inline-tool-runner.ts";
import { mintCountedKey } from "../testing/rate-window.ts";

const MAX = 1024;
let server: RunningServer;
let dir: string;
let good: string;
let spent: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "wire-"));
  const config = loadConfig({ PORT: "0", DATA_DIR: dir, MAX_BODY_BYTES: String(MAX), LOG_LEVEL: "silent" });
  if (!config.ok) throw new Error(config.error.join("; "));
  server = await startServer(config.value, { logger: createLogger("silent"), runner: new InlineToolRunner() });
  good = await mintKey(100_000);
  spent = await mintKey(1);
  await send(new Agent(), { secret: spent, body: okBody() });
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function mintKey(limit: number): Promise<string> {
  return (await mintCountedKey(server.container, { name: "wire", limit })).secret;
}

const okBody = () => JSON.stringify({ input: { algorithm: "md5", text: "abc" } });
const bigBody = () => JSON.stringify({ input: { algorithm: "md5", text: "z".repeat(4 * MAX) } });

interface Sent {
  readonly secret?: string;
  readonly body: string;
  readonly chunked?: boolean;
  readonly contentType?: string;
  readonly expectContinue?: boolean;
}
interface Answer {
  readonly status: number;
  readonly reason: string;
  readonly body: string;
  readonly reused: boolean;
  readonly continued: boolean;
  readonly contentType: string | undefined;
}

/** One POST to execute hash-text through `agent`: status, reason phrase, whether the socket was reused. */
function send(agent: Agent, sent: Sent): Promise<Answer> {
  const { hostname, port } = new URL(server.url);
  const headers: Record<string, string | number> = { "content-type": sent.contentType ?? "application/json" };
  if (sent.secret) headers["x-api-key"] = sent.secret;
  if (!sent.chunked) headers["content-length"] = Buffer.byteLength(sent.body);
  if (sent.expectContinue) headers.expect = "100-continue";
  return new Promise((resolve, reject) => {
    let continued = false;
    const req = request({ hostname, port, agent, path: "/api/v1/execute/hash-text", method: "POST", headers }, (res: IncomingMessage) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, reason: res.statusMessage ?? "", body: text, reused: req.reusedSocket, continued, contentType: res.headers["content-type"] }));
    });
    req.setTimeout(10_000, () => req.destroy(new Error("no answer within 10 s: the connection hangs")));
    req.on("error", reject);
    if (sent.expectContinue) {
      req.on("continue", () => {
        continued = true;
        req.end(sent.body);
      });
      return;
    }
    if (sent.chunked) for (let i = 0; i < sent.body.length; i += 512) req.write(sent.body.slice(i, i + 512));
    req.end(sent.chunked ? undefined : sent.body);
  });
}

const refusals: readonly (readonly [string, () => Sent, number])[] = [
  ["401 (no key, a body sent)", () => ({ body: okBody() }), 401],
  ["401 (no key, an oversized chunked body)", () => ({ body: bigBody(), chunked: true }), 401],
  ["413 by declared length", () => ({ secret: good, body: bigBody() }), 413],
  ["413 chunked", () => ({ secret: good, body: bigBody(), chunked: true }), 413],
  ["415", () => ({ secret: good, body: okBody(), contentType: "text/plain" }), 415],
  ["429", () => ({ secret: spent, body: okBody() }), 429],
];

describe("early refusals on one pooled keep-alive connection", () => {
  it.each(refusals)("alternates %s with a good request 20 times: every answer arrives, right status, reason phrase", async (_name, make, status) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let cycle = 0; cycle < 20; cycle++) {
        const refused = await send(agent, make());
        expect(refused.status).toBe(status);
        expect(refused.reason).toBe(STATUS_CODES[status]);
        expect(refused.contentType).toBe("application/json");
        expect(JSON.parse(refused.body).code).toBe(status);
        const answered = await send(agent, { secret: good, body: okBody() });
        expect(answered.status).toBe(200);
        expect(answered.reason).toBe("OK");
        expect(answered.contentType).toBe("application/json");
        expect(JSON.parse(answered.body).data.output.digest).toBe("900150983cd24fb0d6963f7d28e17f72");
      }
    } finally {
      agent.destroy();
    }
  });

  it("keeps the connection when the unread body is small enough to drain (a 415 then a good request reuse one socket)", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      await send(agent, { secret: good, body: okBody() });
      expect((await send(agent, { secret: good, body: okBody(), contentType: "text/plain" })).reused).toBe(true);
      expect((await send(agent, { secret: good, body: okBody() })).reused).toBe(true);
      const get = () =>
        new Promise<boolean>((resolve, reject) => {
          const req = request(`${server.url}/api/v1/health`, { agent }, (res) => res.resume().on("end", () => resolve(req.reusedSocket)));
          req.on("error", reject).end();
        });
      expect([await get(), await get()]).toEqual([true, true]);
    } finally {
      agent.destroy();
    }
  });
});

/** Writes raw bytes on a fresh socket and returns everything the server sends until it closes. */
function raw(bytes: string): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (text += chunk));
    socket.on("end", () => resolve(text));
    socket.on("error", reject);
  });
}

describe("status lines and node-level errors", () => {
  it("writes the reason phrase in the raw status line", async () => {
    const body = okBody();
    const text = await raw(
      `POST /api/v1/execute/hash-text HTTP/1.1\r\nHost: x\r\nX-API-Key: ${good}\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(text.split("\r\n")[0]).toBe("HTTP/1.1 415 Unsupported Media Type");
  });

  it.each([
    ["a malformed request line", "NOT HTTP\r\n\r\n", 400, "Bad Request", "invalid_request"],
    ["headers over node's limit", `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`, 431, "Request Header Fields Too Large", "headers_too_large"],
  ])("answers %s with a full response and the JSON envelope", async (_name, bytes, status, reason, code) => {
    const text = await raw(bytes);
    const [head, body] = text.split("\r\n\r\n");
    const lines = head.split("\r\n");
    expect(lines[0]).toBe(`HTTP/1.1 ${status} ${reason}`);
    expect(lines).toContain("Content-Type: application/json");
    expect(lines).toContain("Connection: close");
    expect(JSON.parse(body)).toEqual({ status: "error", code: status, error_code: code, message: expect.any(String) });
  });
});

describe("node-level errors too slow to provoke in a test (408 after 10 s of headers)", () => {
  it.each([
    ["ERR_HTTP_REQUEST_TIMEOUT", 408, "Request Timeout", "request_timeout"],
    ["HPE_CHUNK_EXTENSIONS_OVERFLOW", 413, "Payload Too Large", "payload_too_large"],
    ["HPE_INVALID_METHOD", 400, "Bad Request", "invalid_request"],
  ])("maps %s to %i %s with the envelope", (code, status, reason, errorCode) => {
    expect(clientErrorStatus(Object.assign(new Error("x"), { code }))).toBe(status);
    const [head, body] = clientErrorResponse(status).split("\r\n\r\n");
    expect(head.split("\r\n")[0]).toBe(`HTTP/1.1 ${status} ${reason}`);
    expect(Number(/Content-Length: (\d+)/.exec(head)?.[1])).toBe(Buffer.byteLength(body));
    expect(JSON.parse(body)).toMatchObject({ status: "error", code: status, error_code: errorCode });
  });
});

describe("Expect: 100-continue", () => {
  it.each([
    ["a missing key", () => ({ body: okBody(), expectContinue: true }), 401],
    ["a declared length over MAX_BODY_BYTES", () => ({ secret: good, body: bigBody(), expectContinue: true }), 413],
  ])("answers %s with the final error and no 100 Continue", async (_name, make, status) => {
    const answer = await send(new Agent(), make());
    expect(answer.status).toBe(status);
    expect(answer.continued).toBe(false);
  });

  it("sends 100 Continue to a valid key with a body that fits, then answers it", async () => {
    const answer = await send(new Agent(), { secret: good, body: okBody(), expectContinue: true });
    expect(answer.continued).toBe(true);
    expect(answer.status).toBe(200);
  });
});
