import { availableCores } from "./cpu-limit.ts";

// The parsers of adapters/config.ts's variables: each answers the value, or undefined when the text is invalid.

/** The most WORKERS may ask for: each is a whole server process with its own storage connections. */
export const MAX_WORKERS = 256;

/** A URL of one of `protocols` with a host. */
function isUrlOf(raw: string, protocols: readonly string[]): boolean {
  try {
    const url = new URL(raw);
    return protocols.includes(url.protocol) && url.hostname !== "";
  } catch {
    return false;
  }
}

export const isDatabaseUrl = (raw: string): boolean => isUrlOf(raw, ["postgres:", "postgresql:"]);
export const isSmtpUrl = (raw: string): boolean => isUrlOf(raw, ["smtp:", "smtps:"]);

/** An origin; one trailing slash is tolerated (and dropped), any other path, a query, a fragment or credentials are not. */
export function parsePublicUrl(raw: string): string | undefined {
  if (!/^https?:\/\/[^/?#@\\]+\/?$/i.test(raw)) return undefined;
  try {
    return new URL(raw).origin;
  } catch {
    return undefined;
  }
}

/** A bare address or `Name <address>`, on one line: a CR or LF would let it write headers of its own. */
export function parseMailFrom(raw: string): string | undefined {
  if (raw.length > 320 || /[\x00-\x1f\x7f]/.test(raw)) return undefined;
  return /^(?:[^<>]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/.test(raw.trim()) ? raw.trim() : undefined;
}

export function parseRetrySchedule(raw: string): number[] | undefined {
  const waits = raw.split(",").map((entry) => integerIn(entry, 0, 604_800));
  return waits.length <= 20 && waits.every((wait): wait is number => wait !== undefined) ? waits : undefined;
}

/** null when unset ("": no cluster), undefined when invalid (pick reports it). */
export function parseRedisUrls(raw: string): string[] | null | undefined {
  if (raw === "") return null;
  const urls = raw.split(",").map((entry) => entry.trim()).filter((entry) => entry !== "");
  return urls.length > 0 && urls.every((url) => /^rediss?:\/\/[^/]+/.test(url)) ? urls : undefined;
}

/** Each entry must be an origin exactly as a browser sends it: scheme, host and port only, no path or trailing slash. */
export function parseOrigins(raw: string): string[] | undefined {
  const origins = raw.split(",").map((entry) => entry.trim()).filter((entry) => entry !== "");
  return origins.every(isOrigin) ? origins : undefined;
}

function isOrigin(text: string): boolean {
  try {
    return new URL(text).origin === text;
  } catch {
    return false;
  }
}

/** `auto`: one per core the process may use; more than a few per core only adds switching. */
export function parseWorkers(raw: string): number | undefined {
  return raw.trim() === "auto" ? Math.min(availableCores(), MAX_WORKERS) : integerIn(raw, 1, MAX_WORKERS);
}

export function integerIn(raw: string, min: number, max: number): number | undefined {
  if (!/^\d+$/.test(raw.trim())) return undefined;
  const value = Number(raw);
  return value >= min && value <= max ? value : undefined;
}
