import type { LookupAddress } from "node:dns";
import { lookup as dnsLookup } from "node:dns/promises";
import { type ClientRequest, type IncomingMessage, request as httpRequest, type RequestOptions } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import type { SendOutcome, WebhookSender } from "../../application/outbox-ports.ts";
import { ATTEMPT_TIMEOUT_MS } from "../../domain/webhook.ts";
import { refusedRange } from "./refused-addresses.ts";

/** Every address a hostname resolves to (as node:dns answers with `all: true`); rejects when it cannot be resolved. */
export type ResolveHost = (hostname: string) => Promise<readonly LookupAddress[]>;

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

const MAX_URL_LENGTH = 2048;
const MAX_HEADER_BYTES = 16 * 1024;

/** A URL that passed every check, and the one checked address a request to it connects to. */
interface Target { readonly url: URL; readonly hostname: string; readonly address: string; readonly family: 4 | 6 }

const systemLookup: ResolveHost = (hostname) => dnsLookup(hostname, { all: true });
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

/** Why a URL's shape is refused (scheme, credentials, length), or its parsed form. */
function parseTarget(text: string, allowPrivate: boolean): URL | string {
  if (text.length > MAX_URL_LENGTH) return `the URL is longer than ${MAX_URL_LENGTH} characters`;
  if (!URL.canParse(text)) return "the URL is not valid";
  const url = new URL(text);
  const schemes = allowPrivate ? ["https:", "http:"] : ["https:"];
  if (!schemes.includes(url.protocol)) return allowPrivate ? "the URL must use https or http" : "the URL must use https";
  if (url.username || url.password) return "the URL must not contain credentials";
  return url;
}

/** A lookup that answers only the address already checked, so connecting resolves nothing again. */
function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return (_hostname, options, callback) => {
    // node asks for every address (`all`) when it races IPv4 and IPv6 (autoSelectFamily): still only this one.
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/** A short reason for a failed connection: node's error code, never its message or stack. */
function connectionError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "HPE_HEADER_OVERFLOW") return `the answer's headers exceed ${MAX_HEADER_BYTES} bytes`;
  return typeof code === "string" && /^[A-Z0-9_]{1,64}$/.test(code) ? `connection failed (${code})` : "connection failed";
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

  /** The target to connect to, or why the URL is refused. Resolves afresh on every call: no cache to rebind. */
  private async resolveTarget(text: string): Promise<Target | string> {
    const url = parseTarget(text, this.options.allowPrivate);
    if (typeof url === "string") return url;
    const hostname = url.hostname.replace(/^\[(.*)\]$/, "$1");
    const literal = isIP(hostname);
    const addresses = literal !== 0 ? [{ address: hostname, family: literal }] : await this.lookup(hostname).catch(() => []);
    if (addresses.length === 0) return "the host could not be resolved";
    for (const { address } of addresses) {
      if (isIP(address) === 0) return "the host resolved to something other than an IP address";
      const refused = this.options.allowPrivate ? undefined : refusedRange(address);
      if (refused) return literal !== 0 ? `the address is refused (${refused})` : `the host resolves to a refused address (${refused})`;
    }
    const { address } = addresses[0];
    return { url, hostname, address, family: isIP(address) === 6 ? 6 : 4 };
  }

  /** One POST to the checked address, settled once: by the answer, an error, or the time cap. */
  private post(target: Target, body: string, headers: Readonly<Record<string, string>>, timeoutMs: number): Promise<SendOutcome> {
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

  private open(target: Target, headers: Readonly<Record<string, string>>, length: number): ClientRequest {
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
