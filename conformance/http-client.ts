import { Agent as HttpAgent, type ClientRequest, type IncomingMessage, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { type ConformanceLimits, limitFailure, RunFailure } from "./limits.ts";

/** One request of the suite. The body, if any, is sent with its exact Content-Length. */
export interface HttpRequest {
  readonly method: string;
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Which size limit the answer is held to: the document's or every other answer's (the default). */
  readonly sizeLimit?: "documentBytes" | "answerBytes";
}

/** An answer read in full. A redirect is an answer like any other: nothing is ever followed. */
export interface HttpAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

export interface HttpClient {
  send(request: HttpRequest): Promise<HttpAnswer>;
  /** Drops the kept-alive connections. */
  close(): void;
}

export interface HttpClientOptions {
  readonly limits: Pick<ConformanceLimits, "documentBytes" | "answerBytes" | "requestMs">;
  /** The run's signal: once aborted, every request in flight ends with its reason. */
  readonly signal?: AbortSignal;
  /** Where the client says what it did on its own (a retry). */
  readonly note?: (line: string) => void;
}

/** Only these may be sent twice: the retry below must not repeat a request that changes state. */
const IDEMPOTENT = new Set(["GET", "HEAD"]);
/** How a peer's close of an idle keep-alive connection surfaces when a request was just written on it. */
const CLOSED = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED"]);

/**
 * A request that may not be sent twice never goes out on a connection idle longer than this: servers close idle
 * keep-alive connections after a few seconds (Node: 5 s), and such a request, lost on one, could not be retried.
 */
const FRESH_AFTER_IDLE_MS = 1000;

/** A request lost because the server closed the reused connection it went out on, before any answer. */
class ReusedConnectionClosed extends Error {}

/**
 * The suite's one way to reach a deployment (node:http, not fetch: fetch cannot say whether a connection was
 * reused, nor stop reading at a byte count). Every request is bounded in time and every answer in size; redirects
 * are returned, never followed, so no header (the key) ever leaves for another origin. An idempotent request whose
 * reused keep-alive connection the server had closed (its keep-alive timeout passed while the suite was busy) is
 * sent once more on a fresh connection, and `note` says so; any other request after a pause goes out on a fresh
 * connection from the start.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const fresh = () => ({ "http:": new HttpAgent({ keepAlive: true }), "https:": new HttpsAgent({ keepAlive: true }) });
  let agents = fresh();
  let lastUsed = Date.now();
  const close = () => Object.values(agents).forEach((agent) => agent.destroy());
  return {
    async send(request) {
      const url = new URL(request.url);
      const what = `${request.method} ${url.pathname}`;
      const idempotent = IDEMPOTENT.has(request.method);
      if (!idempotent && Date.now() - lastUsed > FRESH_AFTER_IDLE_MS) {
        close();
        agents = fresh();
      }
      try {
        return await attempt(request, url, agents[url.protocol === "https:" ? "https:" : "http:"], options);
      } catch (error) {
        if (!(error instanceof ReusedConnectionClosed)) throw error;
        if (!idempotent) throw new Error(`${what}: ${error.message} (not sent again: ${request.method} is not idempotent)`);
        options.note?.(`${what}: ${error.message}; sent once more on a fresh connection`);
        return await attempt(request, url, false, options);
      } finally {
        lastUsed = Date.now();
      }
    },
    close,
  };
}

function attempt(request: HttpRequest, url: URL, agent: HttpAgent | false, options: HttpClientOptions): Promise<HttpAnswer> {
  const { limits, signal } = options;
  const what = `${request.method} ${url.pathname}`;
  return new Promise<HttpAnswer>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const length = request.body === undefined ? {} : { "content-length": String(Buffer.byteLength(request.body)) };
    const req = (url.protocol === "https:" ? httpsRequest : httpRequest)(url, { method: request.method, headers: { ...request.headers, ...length }, agent });
    let answered = false;
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      outcome();
    };
    const fail = (error: Error) => {
      if (settled) return;
      settle(() => reject(error));
      req.destroy();
    };
    const timer = setTimeout(() => fail(limitFailure("requestMs", limits.requestMs, `${what} was not answered in full within ${limits.requestMs / 1000} s`)), limits.requestMs);
    const onAbort = () => fail(signal?.reason as Error);
    signal?.addEventListener("abort", onAbort, { once: true });
    req.on("error", (error: NodeJS.ErrnoException) => {
      const lost = req.reusedSocket && !answered && CLOSED.has(error.code ?? "");
      fail(lost ? new ReusedConnectionClosed(`the deployment closed a reused keep-alive connection before answering (${error.message})`) : error);
    });
    req.on("response", (res) => {
      answered = true;
      readAnswer(res, req, what, request.sizeLimit ?? "answerBytes", limits, fail, (answer) => settle(() => resolve(answer)));
    });
    req.end(request.body);
  });
}

function readAnswer(
  res: IncomingMessage,
  req: ClientRequest,
  what: string,
  limit: "documentBytes" | "answerBytes",
  limits: HttpClientOptions["limits"],
  fail: (error: Error) => void,
  done: (answer: HttpAnswer) => void,
): void {
  const max = limits[limit];
  const declared = Number(res.headers["content-length"]);
  if (declared > max) return fail(limitFailure(limit, max, `${what} announced ${declared} bytes (not read)`));
  const chunks: Buffer[] = [];
  let size = 0;
  res.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size > max) fail(limitFailure(limit, max, `${what} sent more than ${max} bytes (the rest was not read)`));
    else chunks.push(chunk);
  });
  res.on("error", fail);
  res.on("aborted", () => fail(new Error(`${what}: the deployment closed the connection mid-answer`)));
  res.on("end", () => done({ status: res.statusCode ?? 0, headers: headersOf(res.rawHeaders), text: Buffer.concat(chunks).toString("utf8") }));
  req.on("close", () => fail(new Error(`${what}: the connection closed before the answer ended`)));
}

function headersOf(raw: readonly string[]): Headers {
  const headers = new Headers();
  for (let index = 0; index + 1 < raw.length; index += 2) {
    try {
      headers.append(raw[index], raw[index + 1]);
    } catch {
      // A value Headers refuses is one the checks could not read either; its absence is reported where it matters.
    }
  }
  return headers;
}

/**
 * Refuses a redirect in answer to one of the suite's own requests (the document, the key check, spending the
 * rate-limited key, signing up): nothing documents one there, and following it would send the key along. A
 * redirect to another origin is named as such, with its target.
 */
export function refuseRedirect(answer: HttpAnswer, request: Pick<HttpRequest, "method" | "url">): void {
  const location = answer.headers.get("location");
  if (answer.status < 300 || answer.status > 399 || location === null) return;
  const from = new URL(request.url);
  let target: URL | undefined;
  try {
    target = new URL(location, from);
  } catch {
    target = undefined;
  }
  const cross = target === undefined || target.origin !== from.origin;
  const shown = target?.href ?? JSON.stringify(location);
  throw new RunFailure(
    cross ? "no key sent to another origin" : "no redirect on the suite's own requests",
    `${request.method} ${from.pathname} answered by the deployment itself, without a redirect`,
    cross
      ? `${answer.status} redirect to another origin: ${shown} (not followed: the key is never sent there)`
      : `${answer.status} redirect to ${shown} (not followed: the suite follows no redirect)`,
  );
}
