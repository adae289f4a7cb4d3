import { timerMs } from "./retry.ts";

/** Same-origin redirects followed per request; one more answers `redirect_refused`. */
export const MAX_REDIRECTS = 5;

/** What one attempt brings back: the final answer, its body read in full. */
export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

export interface Exchange {
  readonly url: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
}

export interface Limits {
  /** One attempt, from sending the request to the last byte of the answer. */
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
}

export type FailureCode = "network_error" | "redirect_refused" | "response_too_large" | "response_timeout";

/** Why an attempt brought back no answer to judge; only `network_error` may succeed on another try. */
export class TransportFailure extends Error {
  constructor(readonly code: FailureCode, readonly status: number, message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * Sends one request and reads its answer within `limits`. Rejects with the caller's own reason when `signal`
 * aborts, else with a TransportFailure; a redirect to another origin is never followed, so the key and the body
 * reach only the origin they were meant for.
 */
export async function exchange(fetcher: typeof fetch, request: Exchange, limits: Limits, signal: AbortSignal | undefined): Promise<Reply> {
  const controller = new AbortController();
  const timedOut = new TransportFailure("response_timeout", 0, `No complete answer within timeoutMs (${limits.timeoutMs} ms)`);
  const timer = setTimeout(() => controller.abort(timedOut), timerMs(limits.timeoutMs));
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener("abort", onAbort, { once: true });
  if (signal?.aborted) onAbort();
  let status = 0;
  try {
    const response = await following(fetcher, request, controller.signal);
    status = response.status;
    return { status, headers: response.headers, text: await readCapped(response, limits.maxResponseBytes, controller.signal) };
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (controller.signal.aborted) throw new TransportFailure("response_timeout", status, timedOut.message);
    if (error instanceof TransportFailure) throw error;
    throw new TransportFailure("network_error", 0, error instanceof Error ? error.message : String(error), { cause: error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Follows same-origin redirects itself (`redirect: "manual"`), re-sending the key only to that origin. */
async function following(fetcher: typeof fetch, request: Exchange, signal: AbortSignal): Promise<Response> {
  const origin = new URL(request.url).origin;
  const { method, headers, body } = request;
  let url = request.url;
  for (let hop = 0; ; hop++) {
    const init = { method, headers, body, signal, redirect: "manual" as const };
    const response = await abortable(fetcher(url, init), signal);
    // A browser hides a manual redirect's target: refuse it rather than guess.
    if (response.type === "opaqueredirect") throw new TransportFailure("redirect_refused", 0, "Refused a redirect whose target the browser does not disclose; the key is sent only to " + origin);
    const location = REDIRECTS.has(response.status) ? response.headers.get("location") : null;
    if (location === null) return response;
    await response.body?.cancel().catch(() => {});
    const refuse = (why: string) => new TransportFailure("redirect_refused", response.status, `Refused a ${response.status} redirect of ${method} ${new URL(request.url).pathname}: ${why}`);
    const target = URL.canParse(location, url) ? new URL(location, url) : undefined;
    if (!target) throw refuse("its Location is not a URL");
    if (target.origin !== origin) throw refuse(`it points to another origin, ${nameOrigin(target)}; the key is sent only to ${origin}`);
    if (hop >= MAX_REDIRECTS) throw refuse(`more than ${MAX_REDIRECTS} redirects`);
    // 301, 302 and 303 turn a POST into a GET without its body: the call would mean something else.
    if (response.status < 307 && method !== "GET" && method !== "HEAD") throw refuse("only 307 and 308 keep the method and body");
    url = target.href;
  }
}

/** An origin for a message: `null` origins (file:, data:) are named by their scheme; hostile lengths are cut. */
function nameOrigin(url: URL): string {
  const name = url.origin === "null" ? url.protocol : url.origin;
  return name.length > 200 ? `${name.slice(0, 200)}…` : name;
}

/** `work`, or the signal's reason as soon as it aborts: a fetch of the caller's own may not watch the signal. */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** The body as text, failing once it passes `maxBytes` or when `signal` aborts (a trickle cannot hold it open). */
async function readCapped(response: Response, maxBytes: number, signal: AbortSignal): Promise<string> {
  const tooLarge = () => new TransportFailure("response_too_large", response.status, `The answer's body is larger than maxResponseBytes (${maxBytes} bytes)`);
  if (Number(response.headers.get("content-length")) > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => {});
  signal.addEventListener("abort", stop, { once: true });
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      size += chunk.value.byteLength;
      if (size > maxBytes) {
        stop();
        throw tooLarge();
      }
      text += decoder.decode(chunk.value, { stream: true });
    }
  } finally {
    signal.removeEventListener("abort", stop);
  }
  signal.throwIfAborted();
  return text + decoder.decode();
}
