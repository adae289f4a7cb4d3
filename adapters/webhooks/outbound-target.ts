// Where a request the service makes outward may go (webhooks, Client ID Metadata Documents): the URL's shape, every
// address its host resolves to checked against the refused ranges, and a lookup pinned to the one address checked.
import type { LookupAddress } from "node:dns";
import { lookup as dnsLookup } from "node:dns/promises";
import { isIP, type LookupFunction } from "node:net";
import { refusedRange } from "./refused-addresses.ts";

/** Every address a hostname resolves to (as node:dns answers with `all: true`); rejects when it cannot be resolved. */
export type ResolveHost = (hostname: string) => Promise<readonly LookupAddress[]>;

/** A URL that passed every check, and the one checked address a request to it connects to. */
export interface OutboundTarget {
  readonly url: URL;
  readonly hostname: string;
  readonly address: string;
  readonly family: 4 | 6;
}

export const MAX_URL_LENGTH = 2048;
/** The most an answer's headers may take (node's maxHeaderSize). */
export const MAX_HEADER_BYTES = 16 * 1024;

/** The system resolver, as every other client of the host uses it. */
export const systemLookup: ResolveHost = (hostname) => dnsLookup(hostname, { all: true });

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

/**
 * The target to connect to, or why the URL is refused: with `allowPrivate` (WEBHOOK_ALLOW_PRIVATE, development and
 * tests only) every address and `http:` pass. Resolves afresh on every call: no cache to rebind.
 */
export async function resolveOutboundTarget(text: string, allowPrivate: boolean, lookup: ResolveHost): Promise<OutboundTarget | string> {
  const url = parseTarget(text, allowPrivate);
  if (typeof url === "string") return url;
  const hostname = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const literal = isIP(hostname);
  const addresses = literal !== 0 ? [{ address: hostname, family: literal }] : await lookup(hostname).catch(() => []);
  if (addresses.length === 0) return "the host could not be resolved";
  for (const { address } of addresses) {
    if (isIP(address) === 0) return "the host resolved to something other than an IP address";
    const refused = allowPrivate ? undefined : refusedRange(address);
    if (refused) return literal !== 0 ? `the address is refused (${refused})` : `the host resolves to a refused address (${refused})`;
  }
  const { address } = addresses[0];
  return { url, hostname, address, family: isIP(address) === 6 ? 6 : 4 };
}

/** A lookup that answers only the address already checked, so connecting resolves nothing again. */
export function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return (_hostname, options, callback) => {
    // node asks for every address (`all`) when it races IPv4 and IPv6 (autoSelectFamily): still only this one.
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/** A short reason for a failed connection: node's error code, never its message or stack. */
export function connectionError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "HPE_HEADER_OVERFLOW") return `the answer's headers exceed ${MAX_HEADER_BYTES} bytes`;
  return typeof code === "string" && /^[A-Z0-9_]{1,64}$/.test(code) ? `connection failed (${code})` : "connection failed";
}
