import type { IncomingMessage } from "node:http";
import { err, ok, type Result } from "../../domain/result.ts";
import type { WireError } from "./error-response.ts";

/** MAX_BODY_BYTES when not configured: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1_048_576;

const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;

/** Whether a Content-Type header names JSON (`application/json`, parameters allowed). */
export function isJsonContentType(value: string | null): boolean {
  return value !== null && JSON_MEDIA_TYPE.test(value.trim());
}

/**
 * Reads and parses a JSON request body, refusing a wrong media type (415) and anything over `maxBytes` (413)
 * before it is buffered whole: the declared length is checked first, then the bytes as they stream in.
 */
export function readJsonBody(request: Request, maxBytes: number): Promise<Result<unknown, WireError>> {
  const length = request.headers.get("content-length");
  // With a declared length (already checked) node:http delivers exactly that many bytes, so the fast whole-body read
  // is safe; only a chunked body needs counting as it streams in.
  const read = () => (length !== null ? request.text() : readCapped(request, maxBytes));
  return parseJsonBody(request.headers.get("content-type"), length, maxBytes, read);
}

/**
 * readJsonBody on node:http's own request (lean-execute.ts): the same checks in the same order, and the same answers,
 * without a web Request and its stream. A body node:http has already received whole (the usual small request, its
 * headers and body in one packet) is read and answered at once, without a promise or stream listeners.
 */
export function readNodeJsonBody(req: IncomingMessage, maxBytes: number): Result<unknown, WireError> | Promise<Result<unknown, WireError>> {
  const length = req.headers["content-length"] ?? null;
  const contentType = req.headers["content-type"] ?? null;
  if (!req.complete) return parseJsonBody(contentType, length, maxBytes, () => readNodeText(req, length === null ? maxBytes : Infinity));
  const refused = refusedHead(contentType, length, maxBytes);
  if (refused) return refused;
  // Paused and unread, so read() hands over everything buffered (null: an empty body) and ends the stream as usual.
  if (req.readableLength > maxBytes) return err(tooLarge(maxBytes));
  const chunk = req.read() as Buffer | null;
  return parsed(chunk === null ? "" : chunk.toString());
}

/** The checks both readers share: 415, a declared length over `maxBytes` (413), the read (undefined: over), the parse. */
async function parseJsonBody(contentType: string | null, length: string | null, maxBytes: number, read: () => Promise<string | undefined>): Promise<Result<unknown, WireError>> {
  const refused = refusedHead(contentType, length, maxBytes);
  if (refused) return refused;
  let text: string | undefined;
  try {
    text = await read();
  } catch {
    // The client went away mid-body: nobody will read the answer, and it is not a server bug.
    return err({ code: "invalid_request", message: "The request body could not be read." });
  }
  if (text === undefined) return err(tooLarge(maxBytes));
  return parsed(text);
}

/** What the headers alone refuse: a media type other than JSON (415), a declared length over `maxBytes` (413). */
function refusedHead(contentType: string | null, length: string | null, maxBytes: number): Result<never, WireError> | undefined {
  if (!isJsonContentType(contentType)) {
    return err({ code: "unsupported_media_type", message: "Content-Type must be application/json." });
  }
  if (Number(length ?? "0") > maxBytes) return err(tooLarge(maxBytes));
  return undefined;
}

function parsed(text: string): Result<unknown, WireError> {
  try {
    return ok(JSON.parse(text));
  } catch (error) {
    return err({ code: "invalid_json", message: `The request body is not valid JSON: ${(error as Error).message}` });
  }
}

/** The body as UTF-8 (as srvx's `text()` decodes it), or undefined past `maxBytes`; rejects when the client leaves mid-body. */
function readNodeText(req: IncomingMessage, maxBytes: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const done = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onFailure);
      req.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) {
        // The rest is left unread: the answer says Connection: close and the socket discards it (wire.ts).
        done();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(chunks.length === 1 ? chunks[0].toString() : Buffer.concat(chunks, total).toString());
    };
    const onFailure = (error: Error) => {
      done();
      reject(error);
    };
    const onClose = () => {
      if (!req.complete) onFailure(new Error("the client left mid-body"));
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onFailure);
    req.on("close", onClose);
  });
}

/** The `input` object of an execute request, or invalid_request. */
export function readToolInput(body: unknown): Result<Record<string, unknown>, WireError> {
  const input = isPlainObject(body) ? body.input : undefined;
  if (!isPlainObject(input)) {
    return err({ code: "invalid_request", message: 'The body must be a JSON object with an object member "input".' });
  }
  return ok(input);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

async function readCapped(request: Request, maxBytes: number): Promise<string | undefined> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      // Not cancel(): that destroys the socket before the 413 is flushed. The rest is left unread; the
      // node layer (wire.ts) answers with Connection: close and discards it.
      reader.releaseLock();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total).toString("utf8");
}

function tooLarge(maxBytes: number): WireError {
  return { code: "payload_too_large", message: `The request body is larger than ${maxBytes} bytes.` };
}
