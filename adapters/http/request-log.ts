import type { ServerResponse } from "node:http";
import type { H3, H3Event, H3EventContext } from "h3";
import { type Logger, prebuiltLines } from "../logger.ts";
import type { RequestObserver } from "../metrics/http-metrics.ts";
import { isHttps, TRUST_NO_PROXY, type TrustProxy } from "./trust-proxy.ts";
import { forEachPair, isStampingResponse } from "./wire.ts";
import { ACCEPT_PATH } from "../../domain/invitation.ts";
import { RESET_PASSWORD_PATH, VERIFY_EMAIL_PATH } from "../../domain/account-tokens.ts";
import { integerText } from "../../domain/integer-text.ts";

/** HSTS for a year, this host only: a deployment on one subdomain never decides for its siblings. */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000";

/** Headers every answer carries, whichever handler built it, as name, value pairs; HSTS on an HTTPS request only. */
function stampHeaders(requestId: string, https: boolean): string[] {
  const stamped = ["x-request-id", requestId, "x-content-type-options", "nosniff"];
  if (https) stamped.push("strict-transport-security", STRICT_TRANSPORT_SECURITY);
  return stamped;
}

/**
 * Whether the request is HTTPS: its own URL, or `X-Forwarded-Proto: https` from a proxy TRUST_PROXY names (as cookies
 * get `Secure`, session-cookie.ts). The peer is looked up only when the header is there.
 */
function isHttpsRequest(url: URL, req: Request, trust: TrustProxy = TRUST_NO_PROXY): boolean {
  if (url.protocol === "https:") return true;
  const forwarded = req.headers.get("x-forwarded-proto");
  if (forwarded === null) return false;
  // Where h3's getRequestIP finds the peer, on the node runtime and on srvx's others.
  const peer = (req as { context?: { clientAddress?: string } }).context?.clientAddress ?? (req as { ip?: string }).ip;
  return isHttps(url.protocol, peer, forwarded, trust);
}

/**
 * Served by node:http: the headers go on the node response before the handler runs (the reference server's response
 * class adds them as the answer is written; see wire.ts) and the line is logged when the response closes. No
 * onResponse hook (three more promise turns per request), and no `headers.set` on a built answer (it turns srvx's
 * FastResponse headers into web Headers and back: 2.4 µs a request, measured).
 */
export function traceNodeRequest(event: H3Event, lines: RequestLines, observe?: RequestObserver): void {
  const res = (event.runtime?.node as { res?: ServerResponse } | undefined)?.res;
  if (!res) return;
  const https = isHttpsRequest(event.url, event.req, event.context.trustProxy);
  traceNodeResponse(res, event.context, event.req.method, event.url.pathname, https, lines, observe);
}

/** The stamped headers on a node response, and its log line and metrics once it closes (h3's path and lean-execute.ts). */
export function traceNodeResponse(res: ServerResponse, context: H3EventContext, method: string, path: string, https: boolean, lines: RequestLines, observe?: RequestObserver): void {
  const stamped = stampHeaders(context.requestId ?? "", https);
  if (isStampingResponse(res)) res.stampedHeaders = stamped;
  else forEachPair(stamped, (name, value) => res.setHeader(name, value));
  // "close" also fires when the client leaves before the answer is written, which "finish" would miss. It fires once
  // per response, so `on`: `once` would wrap the listener in another closure and remove it as it fires.
  res.on("close", () => {
    lines(context, method, path, res.statusCode, !res.writableFinished);
    observe?.(context, method, res.statusCode);
  });
}

/**
 * Called as a fetch handler (embedded, tests): the same headers and log line, added to the answer once it exists.
 * h3 offers no per-request hook after the response other than onResponse, which would tax the node path too, so
 * the app's request entry is wrapped; requests from node:http pass straight through.
 */
export function traceFetchRequests(app: H3, lines: RequestLines, observe?: RequestObserver): void {
  const handle = app["~request"].bind(app);
  app["~request"] = (request, context) => {
    const answer = handle(request, context);
    if (request.runtime?.node) return answer;
    return Promise.resolve(answer).then((response) => {
      const eventContext = (request as { context?: H3EventContext }).context ?? {};
      const url = new URL(request.url);
      forEachPair(stampHeaders(eventContext.requestId ?? "", isHttpsRequest(url, request, eventContext.trustProxy)), (name, value) => response.headers.set(name, value));
      lines(eventContext, request.method, url.pathname, response.status);
      observe?.(eventContext, request.method, response.status);
      return response;
    });
  };
}

/** Links sent by email end in a one-time token: the log keeps `<path>[token]` instead (e.g. `/dashboard/invitations/[token]`). */
const TOKEN_PATHS = [ACCEPT_PATH, RESET_PASSWORD_PATH, VERIFY_EMAIL_PATH];

export function redactToken(path: string): string {
  if (!path.startsWith("/dashboard/")) return path;
  const prefix = TOKEN_PATHS.find((candidate) => path.startsWith(candidate) && path.length > candidate.length);
  return prefix === undefined ? path : `${prefix}[token]`;
}

/** Logs one request's line: its facts, and whether the connection closed before the answer was written whole. */
export type RequestLines = (context: H3EventContext, method: string, path: string, status: number, aborted?: boolean) => void;

/**
 * The request lines of `logger`, at info. Their fields are fixed and none can hold a secret or a body, so pino's
 * redaction (a path walk per line, measured at half the cost of a line) is left to the other lines; on the
 * project's own loggers the line is written as prepared JSON (prebuiltLines), the same bytes pino would write.
 * `aborted`: the connection closed before the answer was written whole (the status is what was meant to be sent).
 * The duration is whole microseconds: fractional milliseconds, each a new heap number, filled V8's old-generation
 * number-to-string cache (see domain/integer-text.ts) with a string a line; measured at 14k req/s, the old generation
 * grew ≈ 170 KB/s until a full GC, against ≈ 40 KB/s with whole microseconds (before the `time` field's fix).
 */
export function requestLines(logger: Logger): RequestLines {
  const write = prebuiltLines(logger, "request");
  if (write !== undefined) {
    return (context, method, path, status, aborted = false) => {
      if (logger.isLevelEnabled("info")) write(requestFieldsJson(context, method, path, status, aborted));
    };
  }
  const lines = logger.child({}, { redact: { paths: [] } });
  return (context, method, path, status, aborted = false) => {
    if (lines.isLevelEnabled("info")) lines.info(requestFields(context, method, path, status, aborted), "request");
  };
}

const durationUsOf = (context: H3EventContext) => Math.round((performance.now() - (context.startedAt ?? 0)) * 1000);

/** The line's fields, in their order (requestFieldsJson writes the same). */
export function requestFields(context: H3EventContext, method: string, path: string, status: number, aborted: boolean): Record<string, unknown> {
  return {
    requestId: context.requestId ?? "",
    method,
    path: redactToken(path),
    route: context.matchedRoute?.route ?? null,
    status,
    durationUs: durationUsOf(context),
    keyId: context.keyId ?? null,
    accountId: context.accountId ?? null,
    authFailure: context.authFailure,
    ...(aborted ? { aborted } : {}),
  };
}

/** requestFields as the JSON pino appends to a line (`,"requestId":…`); undefined fields left out as pino does. */
export function requestFieldsJson(context: H3EventContext, method: string, path: string, status: number, aborted: boolean): string {
  const route = context.matchedRoute?.route;
  const { keyId, accountId, authFailure } = context;
  return `,"requestId":${jsonText(context.requestId ?? "")},"method":${jsonText(method)},"path":${jsonText(redactToken(path))}`
    + `,"route":${route == null ? "null" : jsonText(route)},"status":${statusText(status)},"durationUs":${integerText(durationUsOf(context))}`
    + `,"keyId":${keyId == null ? "null" : jsonText(keyId)},"accountId":${accountId == null ? "null" : jsonText(accountId)}`
    + `${authFailure === undefined ? "" : `,"authFailure":${jsonText(authFailure)}`}${aborted ? ',"aborted":true' : ""}`;
}

/** A status's text, made once per status (a handful in a server's life) rather than once per line. */
const statusTexts: string[] = [];
const statusText = (status: number): string => (statusTexts[status] ??= integerText(status));

/** Printable ASCII but `"` and `\`: such a text is its own JSON string, in quotes. */
const PLAIN_TEXT = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * A string's JSON text. Every field of a request line is nearly always plain (ids, paths, routes), and a
 * JSON.stringify call per field was half the line's cost (callgrind: 10.6k of the server's 202k instructions per
 * execute went to formatting the line); anything else still goes through JSON.stringify.
 */
const jsonText = (text: string): string => (PLAIN_TEXT.test(text) ? `"${text}"` : JSON.stringify(text));
