import { type IncomingMessage, request as httpRequest, type RequestOptions } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import type { ClientMetadataFetcher, MetadataFetch } from "../../application/oauth-ports.ts";
import { connectionError, MAX_HEADER_BYTES, type OutboundTarget, pinnedLookup, type ResolveHost, resolveOutboundTarget, systemLookup } from "../webhooks/outbound-target.ts";

/** The URL to GET and the one checked address the connection goes to. */
export type MetadataTarget = OutboundTarget;

/** What came back, read up to `maxBytes` (+1, to tell an oversized body). */
export interface MetadataAnswer {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly body: Buffer;
}

/** Performs the GET to a checked target; the default connects with node:https to the pinned address. */
export type MetadataGet = (target: MetadataTarget, limits: { readonly maxBytes: number; readonly signal: AbortSignal }) => Promise<MetadataAnswer>;

export interface ClientMetadataFetcherOptions {
  /** WEBHOOK_ALLOW_PRIVATE's meaning: every address, and `http:`, allowed (development and tests only). Default false. */
  readonly allowPrivate?: boolean;
  /** The cap on resolution, connection and body together. Default 5 s. */
  readonly timeoutMs?: number;
  /** The largest document accepted. Default 64 KiB. */
  readonly maxBytes?: number;
  readonly lookup?: ResolveHost;
  readonly get?: MetadataGet;
}

/**
 * Whether an answer is a usable document: 200 (a redirect is never followed: the document must live at its own
 * URL), JSON, within `maxBytes`, an object. The pure part of the fetcher.
 */
export function readMetadataAnswer(answer: MetadataAnswer, maxBytes: number): MetadataFetch {
  if (answer.status >= 300 && answer.status < 400) return { ok: false, reason: `the document's URL redirects (${answer.status}); redirects are not followed` };
  if (answer.status !== 200) return { ok: false, reason: `the document's URL answered ${answer.status}` };
  if (answer.body.length > maxBytes) return { ok: false, reason: `the document is larger than ${maxBytes} bytes` };
  const type = (answer.contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json" && !type.endsWith("+json")) return { ok: false, reason: "the document is not served as application/json" };
  let document: unknown;
  try {
    document = JSON.parse(answer.body.toString("utf8"));
  } catch {
    return { ok: false, reason: "the document is not valid JSON" };
  }
  if (typeof document !== "object" || document === null || Array.isArray(document)) return { ok: false, reason: "the document is not a JSON object" };
  return { ok: true, document };
}

/**
 * Fetches Client ID Metadata Documents under the webhooks' rules against server-side request forgery: the host is
 * resolved and refused when any address is refused (refused-addresses.ts), the connection goes to the checked
 * address only, no redirect is followed, and time (5 s) and size (64 KiB) are capped. `fetch` never throws.
 */
export class HttpClientMetadataFetcher implements ClientMetadataFetcher {
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly lookup: ResolveHost;
  private readonly get: MetadataGet;

  constructor(private readonly options: ClientMetadataFetcherOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.maxBytes = options.maxBytes ?? 64 * 1024;
    this.lookup = options.lookup ?? systemLookup;
    this.get = options.get ?? pinnedGet;
  }

  async fetch(url: string): Promise<MetadataFetch> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      const target = await Promise.race([this.resolveTarget(url), aborted(controller.signal)]);
      if (typeof target === "string") return { ok: false, reason: target };
      return readMetadataAnswer(await this.get(target, { maxBytes: this.maxBytes, signal: controller.signal }), this.maxBytes);
    } catch (error) {
      if (controller.signal.aborted) return { ok: false, reason: `timed out after ${this.timeoutMs / 1000} s` };
      return { ok: false, reason: connectionError(error) };
    } finally {
      clearTimeout(timer);
    }
  }

  /** The address to connect to, or why the URL is refused; resolved afresh on every fetch. */
  private resolveTarget(text: string): Promise<MetadataTarget | string> {
    return resolveOutboundTarget(text, this.options.allowPrivate ?? false, this.lookup);
  }
}

const aborted = (signal: AbortSignal): Promise<never> =>
  new Promise((_, reject) => signal.addEventListener("abort", () => reject(new Error("aborted")), { once: true }));

/** GET over node:http(s) to the checked address; the body read up to maxBytes + 1, then the connection dropped. */
const pinnedGet: MetadataGet = (target, { maxBytes, signal }) => new Promise((resolve, reject) => {
  const { url, hostname, address, family } = target;
  const tls = url.protocol === "https:";
  const options: RequestOptions & { servername?: string } = {
    host: address, family, lookup: pinnedLookup(address, family), port: url.port || (tls ? 443 : 80), path: `${url.pathname}${url.search}`,
    method: "GET", headers: { accept: "application/json", host: url.host, "user-agent": "tool-execution-api-oauth" },
    agent: false, maxHeaderSize: MAX_HEADER_BYTES, signal,
  };
  if (tls) options.servername = isIP(hostname) === 0 ? hostname : "";
  const request = (tls ? httpsRequest : httpRequest)(options, (response: IncomingMessage) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = () => {
      request.destroy();
      resolve({ status: response.statusCode ?? 0, contentType: response.headers["content-type"], body: Buffer.concat(chunks) });
    };
    response.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > maxBytes) finish();
    });
    response.on("end", finish);
    response.on("error", reject);
  });
  request.on("error", reject);
  request.end();
});
