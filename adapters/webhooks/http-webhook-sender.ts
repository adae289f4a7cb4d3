import { type ClientRequest, type IncomingMessage, request as httpRequest, type RequestOptions } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import type { SendOutcome, WebhookSender } from "../../application/outbox-ports.ts";
import { ATTEMPT_TIMEOUT_MS } from "../../domain/webhook.ts";
import { connectionError, MAX_HEADER_BYTES, type OutboundTarget, pinnedLookup, type ResolveHost, resolveOutboundTarget, systemLookup } from "./outbound-target.ts";

/** How an HttpWebhookSender checks and bounds its requests. */
export interface HttpWebhookSenderOptions {
  /** WEBHOOK_ALLOW_PRIVATE: every address, and `http:`, allowed (development and tests only). */
  readonly allowPrivate: boolean;
  /** The cap on one attempt: resolution, connection, headers and body. Default ATTEMPT_TIMEOUT_MS. */
  readonly timeoutMs?: number;
  /** How much of an answer's body is read before the connection is dropped. Default 4096. */
  readonly maxResponseBytes?: number;
  /** Default: node:dns lookup with `all: true` (the system resolver, as every other client of the host). */
  readonly lookup?: ResolveHost;
  readonly userAgent?: string;
}

const timedOut = (timeoutMs: number) => `timed out after ${timeoutMs / 1000} s`;

/**
 * Whole seconds a Retry-After value asks to wait (delta seconds or an HTTP-date, RFC 9110 §10.2.3) at epoch ms
 * `now`; undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  const text = value?.trim() ?? "";
  if (/^\d+$/.test(text)) return Number.isSafeInteger(Number(text)) ? Number(text) : undefined;
  // Every HTTP-date form starts with a day name; Date.parse alone would read "-5" or "2" as dates.
  const at = /^[A-Za-z]{3}/.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Waits for `promise` at most `ms`: undefined once the time is up (the promise is left to settle unheard). */
function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, ms, undefined)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Posts webhook deliveries over node:http(s), safe against server-side request forgery: every attempt resolves the
 * host again, refuses it when any address is refused, and connects only to the address it checked; no redirect is
 * followed; time, answer headers and answer body are capped. `send` never throws.
 */
export class HttpWebhookSender implements WebhookSender {
  private readonly timeoutMs: number;
  private readonly maxResponseBytes: number;
  private readonly lookup: ResolveHost;
  private readonly userAgent: string;

  constructor(private readonly options: HttpWebhookSenderOptions) {
    this.timeoutMs = options.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
    this.maxResponseBytes = options.maxResponseBytes ?? 4096;
    this.lookup = options.lookup ?? systemLookup;
    this.userAgent = options.userAgent ?? "tool-execution-api-webhooks";
  }

  async checkTarget(url: string): Promise<string | undefined> {
    // Bounded like an attempt, so a resolver that never answers cannot hold the request that asked.
    const checked = await within(this.resolveTarget(url), this.timeoutMs);
    if (checked === undefined) return "the host could not be resolved in time";
    return typeof checked === "string" ? checked : undefined;
  }

  async send(url: string, body: string, headers: Readonly<Record<string, string>>): Promise<SendOutcome> {
    const startedAt = performance.now();
    try {
      const checked = await within(this.resolveTarget(url), this.timeoutMs);
      if (checked === undefined) return { error: timedOut(this.timeoutMs) };
      if (typeof checked === "string") return { error: `refused target: ${checked}` };
      return await this.post(checked, body, headers, Math.max(1, this.timeoutMs - (performance.now() - startedAt)));
    } catch (error) {
      return { error: connectionError(error) };
    }
  }

  private resolveTarget(text: string): Promise<OutboundTarget | string> {
    return resolveOutboundTarget(text, this.options.allowPrivate, this.lookup);
  }

  /** One POST to the checked address, settled once: by the answer, an error, or the time cap. */
  private post(target: OutboundTarget, body: string, headers: Readonly<Record<string, string>>, timeoutMs: number): Promise<SendOutcome> {
    return new Promise((resolve) => {
      let answer: SendOutcome | undefined;
      let settled = false;
      const finish = (outcome: SendOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        // No pool (agent: false): destroying drops the connection, whatever of the answer is left unread.
        request.destroy();
        resolve(outcome);
      };
      // Opened before the timer starts: should it throw (a header node refuses), no timer is left to fire.
      const request = this.open(target, headers, Buffer.byteLength(body));
      const timer = setTimeout(() => finish(answer ? { ...answer, error: `${timedOut(this.timeoutMs)} reading the answer` } : { error: timedOut(this.timeoutMs) }), timeoutMs);
      request.on("response", (response: IncomingMessage) => {
        const outcome = toOutcome(response);
        answer = outcome;
        this.readCapped(response, () => finish(outcome));
      });
      request.on("error", (error) => finish(answer ?? { error: connectionError(error) }));
      request.end(body);
    });
  }

  private open(target: OutboundTarget, headers: Readonly<Record<string, string>>, length: number): ClientRequest {
    const { url, hostname, address, family } = target;
    const tls = url.protocol === "https:";
    const options: RequestOptions & { servername?: string } = {
      // The checked IP itself is the host, so nothing resolves; the pinned lookup covers any resolution node attempts.
      host: address,
      family,
      lookup: pinnedLookup(address, family),
      port: url.port || (tls ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: "POST",
      headers: { ...headers, "user-agent": this.userAgent, "content-length": String(length), host: url.host },
      // A fresh connection per attempt: a pooled socket could lead somewhere no check saw.
      agent: false,
      maxHeaderSize: MAX_HEADER_BYTES,
    };
    // SNI and the certificate check use the URL's hostname, not the IP connected to (an IP literal sends no SNI).
    if (tls) options.servername = isIP(hostname) === 0 ? hostname : "";
    return tls ? httpsRequest(options) : httpRequest(options);
  }

  /** Reads the body until its end or `maxResponseBytes`, keeping none of it: only the status matters. */
  private readCapped(response: IncomingMessage, done: () => void): void {
    let seen = 0;
    response.on("data", (chunk: Buffer) => {
      seen += chunk.length;
      if (seen >= this.maxResponseBytes) done();
    });
    // A body cut short (error, close before end) changes nothing: the status has come.
    for (const event of ["end", "error", "close"]) response.on(event, done);
  }
}

/** The outcome an answer's status and headers make (Retry-After only where it delays the next attempt). */
function toOutcome(response: IncomingMessage): SendOutcome {
  const status = response.statusCode ?? 0;
  const retryAfterSeconds = status === 429 || status === 503 ? parseRetryAfter(response.headers["retry-after"], Date.now()) : undefined;
  return retryAfterSeconds === undefined ? { status } : { status, retryAfterSeconds };
}
