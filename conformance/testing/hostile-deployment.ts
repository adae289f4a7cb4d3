import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Socket } from "node:net";

/** A request as the fixture received it, body read in full. */
export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** 1 for the first request on its connection, 2 for the next one on the same (kept-alive) connection, … */
  readonly onConnection: number;
}

/** What a play may refer to. */
export interface PlayContext {
  /** The origin of a second server (startOtherOrigin) that redirects and external references point at. */
  readonly otherOrigin: string;
  /** A `file:` URL the external-file play refers to. */
  readonly fileUrl: string;
  /** The key the deployment accepts. */
  readonly apiKey: string;
  /** The key whose window is spent (429), if any. */
  readonly rateLimitedKey?: string;
}

/** One hostile behaviour: a change to the served document, and/or answers it gives itself instead of the baseline's. */
export interface Play {
  readonly document?: (document: Record<string, any>, context: PlayContext) => void;
  /** Answers `request` and returns true, or returns false to leave it to the baseline. */
  readonly answer?: (request: SeenRequest, res: ServerResponse, context: PlayContext) => boolean;
  /** Waits this long before answering each request. */
  readonly delayMs?: number;
}

export interface FixtureServer {
  readonly url: string;
  /** Every request received, in order. */
  readonly seen: readonly SeenRequest[];
  close(): Promise<void>;
}

const DOCUMENT = "/api/v1/openapi.json";
const KEY_PATH = "/api/v1/keys/current";
const json = { "content-type": "application/json" };

/**
 * A deployment's smallest honest form: a valid OpenAPI 3.0.3 document with one operation (GET /keys/current), which
 * answers 200 to the API key, 429 to the rate-limited key and the one 401 body otherwise. A run of the suite against
 * it passes. The key's `name` is one a backtracking engine chokes on (`^(a+)+$`); only one play documents a pattern.
 */
export function baselineDocument(): Record<string, any> {
  const envelope = { type: "object", required: ["status", "code"], properties: { status: { type: "string" }, code: { type: "integer" } } };
  const body = (schema: object) => ({ description: "answer", content: { "application/json": { schema } } });
  return {
    openapi: "3.0.3",
    info: { title: "hostile deployment", version: "1.0.0" },
    paths: { "/keys/current": { get: { responses: { "200": body({ $ref: "#/components/schemas/Key" }), "401": body(envelope), "429": body(envelope) } } } },
    components: { schemas: { Key: { allOf: [envelope, { type: "object", properties: { data: { type: "object", properties: { key: { type: "object" } } } } }] } } },
  };
}

function baseline(request: SeenRequest, res: ServerResponse, document: Record<string, any>, context: PlayContext): void {
  if (request.path === DOCUMENT) return void res.writeHead(200, json).end(JSON.stringify(document));
  if (request.path !== KEY_PATH) return void res.writeHead(404, json).end('{"status":"error","code":404}');
  const key = keyOf(request);
  if (key !== undefined && key === context.rateLimitedKey) return void res.writeHead(429, { ...json, "retry-after": "3600" }).end('{"status":"error","code":429}');
  if (key !== context.apiKey) return void res.writeHead(401, json).end('{"status":"error","code":401}');
  const answer = { status: "success", code: 200, data: { key: { id: "key_1", name: `${"a".repeat(40)}!` } } };
  res.writeHead(200, { ...json, "x-ratelimit-remaining": "100000" }).end(JSON.stringify(answer));
}

/** The key a request carries, in X-API-Key or as a bearer token. */
export const keyOf = (request: SeenRequest): string | undefined => {
  const header = request.headers["x-api-key"] ?? request.headers.authorization?.replace(/^Bearer /, "");
  return typeof header === "string" ? header : undefined;
};

/**
 * Starts a real HTTP server on 127.0.0.1 that answers like the baseline deployment except where `play` says
 * otherwise (see HOSTILE_PLAYS).
 */
export async function startHostileDeployment(play: Play, context: PlayContext): Promise<FixtureServer> {
  const document = baselineDocument();
  play.document?.(document, context);
  const answer = (request: SeenRequest, res: ServerResponse) => {
    if (!res.destroyed && !play.answer?.(request, res, context)) baseline(request, res, document, context);
  };
  return startRecording((request, res) => (play.delayMs ? void setTimeout(() => answer(request, res), play.delayMs) : answer(request, res)));
}

/** The "other origin": records every request and answers 200 with a body that would pass if anyone trusted it. */
export function startOtherOrigin(): Promise<FixtureServer> {
  return startRecording((_request, res) => void res.writeHead(200, json).end('{"status":"success","code":200,"data":{"key":{}}}'));
}

async function startRecording(handle: (request: SeenRequest, res: ServerResponse) => void): Promise<FixtureServer> {
  const seen: SeenRequest[] = [];
  const perConnection = new WeakMap<Socket, number>();
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const onConnection = (perConnection.get(req.socket) ?? 0) + 1;
    perConnection.set(req.socket, onConnection);
    const request = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body, onConnection };
    seen.push(request);
    handle(request, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes 64 KiB chunks honouring backpressure until the client stops reading or `ceiling` bytes (a safety stop). */
export function endless(res: ServerResponse, ceiling = 256 * 1024 * 1024): void {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  res.writeHead(200, json);
  res.write('{"openapi":"3.0.3","padding":"');
  let sent = 0;
  const pump = () => {
    while (sent < ceiling && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once("drain", pump);
    }
    res.end('"}');
  };
  pump();
}

/** Sends the status and headers, then one byte every `everyMs`, never finishing while the client listens. */
export function trickle(res: ServerResponse, everyMs = 1000): void {
  res.writeHead(200, json);
  res.write("{");
  const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(" ")), everyMs);
  res.on("close", () => clearInterval(timer));
}

const on = (path: string, act: (res: ServerResponse, request: SeenRequest, context: PlayContext) => void) => (request: SeenRequest, res: ServerResponse, context: PlayContext) => {
  if (request.path !== path) return false;
  act(res, request, context);
  return true;
};
const redirect = (res: ServerResponse, location: string) => void res.writeHead(307, { ...json, location }).end("{}");
const echoed = (request: SeenRequest) => {
  const key = String(request.headers["x-api-key"] ?? "");
  return `${encodeURIComponent(key)}&b64=${Buffer.from(key).toString("base64")}&b64url=${Buffer.from(key).toString("base64url")}`;
};
const keySchema = (document: Record<string, any>) => document.components.schemas.Key.allOf[1].properties.data.properties.key;

/** Each hostile case of issue 25 (findings 8–10, and 26.5's closed keep-alive connections), by name. */
export const HOSTILE_PLAYS = {
  baseline: {},
  "external-file-ref": { document: (document, context) => Object.assign(keySchema(document), { $ref: context.fileUrl }) },
  "external-http-ref": { document: (document, context) => Object.assign(keySchema(document), { $ref: `${context.otherOrigin}/schema.json` }) },
  "relative-ref": { document: (document) => Object.assign(keySchema(document), { $ref: "schema.json#/Key" }) },
  "endless-document": { answer: on(DOCUMENT, (res) => endless(res)) },
  "huge-declared-document": { answer: on(DOCUMENT, (res) => void res.writeHead(200, { ...json, "content-length": String(2 ** 40) }).write("{")) },
  "trickled-document": { answer: on(DOCUMENT, (res) => trickle(res)) },
  "silent-document": { answer: on(DOCUMENT, () => {}) },
  "endless-answer": { answer: on(KEY_PATH, (res) => endless(res)) },
  "trickled-answer": { answer: on(KEY_PATH, (res) => trickle(res)) },
  "slow-answers": { delayMs: 400 },
  "backtracking-pattern": { document: (document) => Object.assign(keySchema(document), { properties: { name: { type: "string", pattern: "^(a+)+$" } } }) },
  "diamond-refs": {
    document: (document) => {
      // Four references to the next level at each of 12 levels: 4^12 ≈ 16.8 million schemas once inlined.
      const levels = 12;
      for (let level = 0; level < levels; level++) document.components.schemas[`D${level}`] = { anyOf: Array.from({ length: 4 }, () => ({ $ref: `#/components/schemas/D${level + 1}` })) };
      document.components.schemas[`D${levels}`] = { type: "string" };
      Object.assign(keySchema(document), { $ref: "#/components/schemas/D0" });
    },
  },
  "huge-min-length": {
    document: (document) => {
      const input = { type: "object", required: ["text"], properties: { text: { type: "string", minLength: 400_000_000 } } };
      const body = { content: { "application/json": { schema: { type: "object", properties: { input } } } } };
      document.paths["/execute/echo"] = { post: { requestBody: body, responses: { "200": { description: "ok" } } } };
    },
  },
  "deep-nesting": { answer: on(DOCUMENT, (res) => void res.writeHead(200, json).end(`{"openapi":"3.0.3","paths":{},"x":${"[".repeat(200_000)}${"]".repeat(200_000)}}`)) },
  // It also echoes the key it got, URL-encoded and in base64, into the target: the suite prints the target.
  "cross-origin-redirect": { answer: on(KEY_PATH, (res, request, context) => redirect(res, `${context.otherOrigin}${KEY_PATH}?echo=${echoed(request)}`)) },
  "same-origin-redirect": { answer: on(KEY_PATH, (res) => redirect(res, "/api/v1/keys/current-elsewhere")) },
  "redirect-rate-limited-key": {
    answer: (request, res, context) => request.path === KEY_PATH && request.headers["x-api-key"] === context.rateLimitedKey && (redirect(res, `${context.otherOrigin}${KEY_PATH}`), true),
  },
  "redirect-bearer-cases": {
    answer: (request, res, context) => request.path === KEY_PATH && request.headers.authorization === `Bearer ${context.apiKey}` && (redirect(res, `${context.otherOrigin}${KEY_PATH}`), true),
  },
  "closes-reused-connections": { answer: (request, res) => request.onConnection > 1 && (res.socket?.destroy(), true) },
} satisfies Record<string, Play>;

export type HostilePlay = keyof typeof HOSTILE_PLAYS;
