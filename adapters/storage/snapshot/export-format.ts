import type { Granularity } from "../../../domain/usage.ts";
import { GRANULARITIES } from "../../../domain/usage.ts";

/** The first line's `format`: what `tool-api import` recognises a file by. */
export const EXPORT_FORMAT = "tool-execution-api-export";
/** The format version this release writes and the newest it reads. */
export const EXPORT_VERSION = 1;

/**
 * The Keyv namespaces an export carries (their records and their sorted-index entries): every durable record.
 * Sessions are left out by the contract; one-time tokens (the flash store's reset, verification and MFA tokens, OAuth
 * codes, access and refresh tokens and their grants) too, so a moved deployment's users sign in again and agents
 * authorise again; workspace locks are seconds-long leases, `migrations` marks the target's own layout moves and
 * `store` holds the store's own identity and change marker (the target keeps its own).
 */
export const EXPORTED_NAMESPACES = [
  "apikeys", "apikey-hashes", "apikey-last-used", "apikey-workspaces",
  "accounts", "account-emails", "workspaces", "workspace-members", "account-workspaces",
  "invitations", "workspace-invitations", "workspace-packs", "audit-log",
  "webhooks", "webhook-workspaces", "outbox", "outbox-index", "oauth-clients",
] as const;

/** The namespaces left out on purpose, named in the header so a reader of the file sees what is not in it. */
export const LEFT_OUT_NAMESPACES = [
  "sessions", "account-sessions", "dashboard-flash", "oauth-codes", "oauth-access", "oauth-refresh", "oauth-grants",
  "workspace-locks", "migrations", "store",
] as const;

const EXPORTED: ReadonlySet<string> = new Set(EXPORTED_NAMESPACES);
/** Whether an export carries this namespace. */
export const isExported = (namespace: string): boolean => EXPORTED.has(namespace);

/** The first line. */
export interface ExportHeader {
  readonly format: typeof EXPORT_FORMAT;
  readonly version: number;
  readonly exportedAt: string;
  /** The store it was read from: embedded, redis, postgres. */
  readonly source: string;
  /** What "one snapshot" meant for that store. */
  readonly consistency: string;
  readonly leftOut: readonly string[];
}

/** A Keyv record: its value as Keyv returns it (plain JSON) and its expiry (epoch ms) when it has one. */
export interface RecordEntry {
  readonly kind: "record";
  readonly namespace: string;
  readonly key: string;
  readonly value: unknown;
  readonly expiresAt?: number;
}

/** One member of a sorted set (audit pages, memberships, keys per workspace, …) and its value. */
export interface IndexEntry {
  readonly kind: "index";
  readonly namespace: string;
  readonly set: string;
  readonly member: string;
  readonly value: string;
}

/** One usage bucket: its counters by field name and when it expires (epoch ms). */
export interface UsageEntry {
  readonly kind: "usage";
  readonly scope: string;
  readonly granularity: Granularity;
  readonly at: number;
  readonly expiresAt: number;
  readonly counts: Readonly<Record<string, number>>;
}

/** One line after the header. */
export type ExportEntry = RecordEntry | IndexEntry | UsageEntry;

/** The last line: how many entries came before it, so a cut-off file is told apart from a whole one. */
export interface ExportEnd {
  readonly kind: "end";
  readonly entries: number;
}

/**
 * A backend's read side: every entry of EXPORTED_NAMESPACES and every live usage bucket, from one snapshot (as far as
 * `consistency` says). Rate-limit windows are not read: they last one window, and a moved deployment starts fresh ones.
 */
export interface SnapshotSource {
  readonly source: string;
  readonly consistency: string;
  /** Streams the entries; throws when the store cannot be read. Call once. */
  entries(): AsyncIterable<ExportEntry>;
  close(): Promise<void>;
}

/** What writing one entry did: stored, already there as in the file, or kept as the target holds it (it differs). */
export type WriteOutcome = "written" | "unchanged" | "conflict";

/** The header line's object for a source. */
export function toHeader(source: Pick<SnapshotSource, "source" | "consistency">, now: Date): ExportHeader {
  return { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: now.toISOString(), source: source.source, consistency: source.consistency, leftOut: LEFT_OUT_NAMESPACES };
}

/** Why a first line cannot be imported by this release, or undefined when it can. */
export function refuseHeader(line: string): string | undefined {
  let header: Partial<ExportHeader>;
  try {
    header = JSON.parse(line) as Partial<ExportHeader>;
  } catch {
    return "the first line is not JSON: not a tool-api export";
  }
  if (header?.format !== EXPORT_FORMAT) return `the first line does not name format "${EXPORT_FORMAT}": not a tool-api export`;
  if (!Number.isInteger(header.version) || (header.version as number) < 1) return `the export's version ${JSON.stringify(header.version)} is not a version number`;
  if ((header.version as number) > EXPORT_VERSION) {
    return `the file is export format version ${header.version}, newer than this release reads (version ${EXPORT_VERSION}): import it with the release that wrote it or a newer one`;
  }
  return undefined;
}

/** A later line as an entry or the end line; throws a message naming what is wrong. */
export function parseLine(line: string): ExportEntry | ExportEnd {
  const entry = JSON.parse(line) as ExportEntry | ExportEnd;
  const ok = (() => {
    switch (entry?.kind) {
      case "record": return isExported(entry.namespace) && typeof entry.key === "string" && entry.value !== undefined && optionalTime(entry.expiresAt);
      case "index": return isExported(entry.namespace) && [entry.set, entry.member, entry.value].every((part) => typeof part === "string");
      case "usage": return typeof entry.scope === "string" && GRANULARITIES.includes(entry.granularity) && Number.isFinite(entry.at)
        && Number.isFinite(entry.expiresAt) && typeof entry.counts === "object" && entry.counts !== null && Object.values(entry.counts).every(Number.isSafeInteger);
      case "end": return Number.isSafeInteger(entry.entries);
      default: return false;
    }
  })();
  if (!ok) throw new Error(`not an entry of export version ${EXPORT_VERSION} (or of a namespace it does not carry)`);
  return entry;
}

const optionalTime = (at: unknown): boolean => at === undefined || Number.isFinite(at);

/** JSON with object keys sorted: two values are the same record when these are equal, whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, inner: unknown) => inner !== null && typeof inner === "object" && !Array.isArray(inner)
    ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : inner);
}
