import { type IncomingMessage, type Server, ServerResponse, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import { errorAnswer, type WireError } from "../../domain/answer.ts";
import { ERRORS } from "../../domain/error-table.ts";

/** How long a connection that is being closed keeps discarding what the client still sends (see lingerThenDestroy). */
const LINGER_MS = 2_000;

/** Requests refused before `100 Continue`: the client may never send their body, so their connection closes. */
const refusedContinue = new WeakSet<IncomingMessage>();

/** A response that adds `stampedHeaders` (name, value, name, value…) to whatever headers its answer is written with. */
export interface StampingResponse extends ServerResponse<IncomingMessage> {
  stampedHeaders: readonly string[] | undefined;
}

export function isStampingResponse(res: ServerResponse): res is StampingResponse {
  return "stampedHeaders" in res;
}

/**
 * The node:http response every request gets. Two wire rules live here, in one place for every route:
 * - every status line carries its reason phrase (srvx passes web `Response.statusText`, which is "" unless set);
 * - an answer given while request body bytes are still unread keeps the connection only when node can drain
 *   them (declared length within the limit, stream untouched); otherwise it says `Connection: close`, and the
 *   socket keeps discarding input for a moment after the answer so the client reads it instead of a reset.
 * Headers every answer carries are added here too: a `setHeader` before srvx's `writeHead` sends node down its slow
 * path, which re-validates every header of the answer one by one (measured: a fifth of the cost of writing it).
 */
export function wireResponseClass(maxBodyBytes: number): typeof ServerResponse<IncomingMessage> {
  return class WireResponse extends ServerResponse<IncomingMessage> implements StampingResponse {
    stampedHeaders: readonly string[] | undefined = undefined;

    override writeHead(status: number, reason?: unknown, headers?: unknown): this {
      if (!this.headersSent && !canKeepAlive(this.req, maxBodyBytes)) {
        this.shouldKeepAlive = false;
        lingerOnClose(this.req);
      }
      const given = typeof reason === "string" ? reason : "";
      const fields = typeof reason === "string" || reason === undefined ? headers : reason;
      return super.writeHead(status, given || (STATUS_CODES[status] ?? "Unknown"), withStamped(fields, this) as never);
    }
  };
}

/** The answer's headers plus the stamped ones, in the form node was given them (raw pairs, object, or none). */
function withStamped(fields: unknown, res: StampingResponse): unknown {
  const stamped = res.stampedHeaders;
  if (stamped === undefined || res.headersSent) return fields;
  if (Array.isArray(fields) && (fields.length === 0 || typeof fields[0] === "string")) return [...fields, ...stamped];
  if (fields === undefined || fields === null) return [...stamped];
  forEachPair(stamped, (name, value) => res.setHeader(name, value));
  return fields;
}

/** Calls `use` with each name, value of a flat pair list (the raw header form node takes). */
export function forEachPair(pairs: readonly string[], use: (name: string, value: string) => unknown): void {
  for (let i = 0; i < pairs.length; i += 2) use(pairs[i], pairs[i + 1]);
}

/** Whether the connection can serve another request after this answer without a hang or a reset. */
function canKeepAlive(req: IncomingMessage, maxBodyBytes: number): boolean {
  if (req.complete) return true;
  if (refusedContinue.has(req)) return false;
  const declared = req.headers["content-length"];
  const chunked = req.headers["transfer-encoding"] !== undefined;
  if (!chunked && declared === undefined) return true; // HTTP/1.1: a request with neither has no body
  if (chunked) return false;
  // Untouched: node discards the rest itself once the answer is sent (bounded by the limit just checked).
  const untouched = req.readableFlowing === null;
  return untouched && Number(declared) <= maxBodyBytes;
}

/**
 * Node closes a `Connection: close` socket once the answer is written; if the client is still sending, closing
 * with unread input makes the kernel answer with a reset that can erase the response on the client's side.
 * So the write side is closed first and the input discarded for a moment before the socket is destroyed.
 */
function lingerOnClose(req: IncomingMessage): void {
  const socket = req.socket as Socket & { destroySoon?: () => void };
  socket.destroySoon = () => {
    req.removeAllListeners("data");
    req.resume();
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  };
}

/** Decides whether a request sent with `Expect: 100-continue` may send its body. */
export type ContinueCheck = (req: IncomingMessage) => Promise<boolean>;

/**
 * Answers `Expect: 100-continue` only once `mayContinue` agrees (the key is valid and the declared length fits);
 * otherwise the request goes to the app without `100 Continue`, and it answers the final error unread.
 */
export function installExpectContinue(server: Server, mayContinue: ContinueCheck): void {
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    mayContinue(req).then(
      (allowed) => {
        if (allowed) res.writeContinue();
        else refusedContinue.add(req);
        server.emit("request", req, res);
      },
      () => {
        refusedContinue.add(req);
        server.emit("request", req, res);
      },
    );
  });
}

/** The answer node:http gives on its own (a request it cannot parse or that timed out), as the error envelope. */
const CLIENT_ERRORS: Record<number, WireError> = {
  400: { code: "invalid_request", message: "The request could not be parsed as HTTP/1.1." },
  408: { code: "request_timeout", message: ERRORS.request_timeout.message },
  413: { code: "payload_too_large", message: "The request is too large." },
  431: { code: "headers_too_large", message: ERRORS.headers_too_large.message },
};

/** Status of a node:http client error, following node's own choice of status. */
export function clientErrorStatus(error: NodeJS.ErrnoException): number {
  if (error.code === "HPE_HEADER_OVERFLOW") return 431;
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") return 408;
  if (error.code === "HPE_CHUNK_EXTENSIONS_OVERFLOW") return 413;
  return 400;
}

/** Replaces node's empty-bodied client-error answers with a full HTTP/1.1 response carrying the envelope. */
export function installClientErrorEnvelope(server: Server): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === "ECONNRESET" || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    socket.end(clientErrorResponse(clientErrorStatus(error)));
  });
}

/** The raw bytes of a client-error answer: status line with reason phrase, JSON envelope, `Connection: close`. */
export function clientErrorResponse(status: number): string {
  const answer = errorAnswer(CLIENT_ERRORS[status] ?? CLIENT_ERRORS[400]);
  const body = JSON.stringify(answer.body);
  return [
    `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}`,
    "Content-Type: application/json",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Cache-Control: no-store",
    "Connection: close",
    "",
    body,
  ].join("\r\n");
}
