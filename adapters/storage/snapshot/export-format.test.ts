import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_NAMESPACE } from "../keyv-audit-log.ts";
import { OAUTH_NAMESPACES } from "../keyv-oauth-store.ts";
import { EVENTS_NAMESPACES } from "../open-events-storage.ts";
import { EXPIRING_NAMESPACES } from "../lmdb/embedded-storage.ts";
import { STORE_NAMESPACE } from "../store-identity.ts";
import { EXPORT_FORMAT, EXPORT_VERSION, EXPORTED_NAMESPACES, LEFT_OUT_NAMESPACES, parseLine, refuseHeader } from "./export-format.ts";

const ADAPTERS = join(import.meta.dirname, "..", "..");

/** Namespaces named as literals where the service opens them: `keyv("…")`, `atomic<…>("…")`, `infra.atomic?.<…>("…")`. */
function namespacesInSource(): string[] {
  const files = readdirSync(ADAPTERS, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts") && !/\.test\.ts$|\.contract\.ts$|(^|\/)testing(\/|\.ts$)/.test(name));
  const found = files.flatMap((name) => [...readFileSync(join(ADAPTERS, name), "utf8").matchAll(/\b(?:keyv|atomic)(?:\?\.)?(?:<[^>()]*>)?\(\s*"([a-z-]+)"/g)].map((match) => match[1]));
  return [...new Set(found)].sort();
}

describe("the export format's namespaces", () => {
  const classified = new Set<string>([...EXPORTED_NAMESPACES, ...LEFT_OUT_NAMESPACES]);

  it("classify every namespace the service writes as exported or left out on purpose", () => {
    const named = [...namespacesInSource(), AUDIT_NAMESPACE, ...OAUTH_NAMESPACES, ...Object.values(EVENTS_NAMESPACES), ...EXPIRING_NAMESPACES, STORE_NAMESPACE];
    expect(named.length).toBeGreaterThan(20);
    // A new namespace goes into EXPORTED_NAMESPACES (a record to move) or LEFT_OUT_NAMESPACES (with the reason why).
    expect(named.filter((namespace) => !classified.has(namespace))).toEqual([]);
  });

  it("never both export and leave out a namespace", () => {
    expect(EXPORTED_NAMESPACES.filter((namespace) => (LEFT_OUT_NAMESPACES as readonly string[]).includes(namespace))).toEqual([]);
  });
});

describe("the first line", () => {
  const header = (fields: Record<string, unknown>) => JSON.stringify({ format: EXPORT_FORMAT, version: EXPORT_VERSION, ...fields });

  it("accepts this release's version", () => {
    expect(refuseHeader(header({}))).toBeUndefined();
  });

  it.each([
    ["a newer version, naming both", header({ version: EXPORT_VERSION + 1 }), `version ${EXPORT_VERSION + 1}, newer than this release reads (version ${EXPORT_VERSION})`],
    ["no version number", header({ version: "1" }), "is not a version number"],
    ["another format", header({ format: "something-else" }), "not a tool-api export"],
    ["a line that is not JSON", "{", "not a tool-api export"],
  ])("refuses %s", (_case, line, message) => {
    expect(refuseHeader(line)).toContain(message);
  });
});

describe("a later line", () => {
  it.each([
    ["a namespace the export does not carry", { kind: "record", namespace: "sessions", key: "s1", value: {} }],
    ["a usage bucket of an unknown granularity", { kind: "usage", scope: "k:key_1", granularity: "week", at: 0, expiresAt: 1, counts: {} }],
    ["a count that is not a whole number", { kind: "usage", scope: "k:key_1", granularity: "day", at: 0, expiresAt: 1, counts: { f: 1.5 } }],
    ["an unknown kind", { kind: "blob" }],
  ])("is refused for %s", (_case, entry) => {
    expect(() => parseLine(JSON.stringify(entry))).toThrow(/not an entry of export version/);
  });

  it("reads a record, an index entry, a usage bucket and the end line", () => {
    const lines = [
      { kind: "record", namespace: "apikeys", key: "key_1", value: { id: "key_1" }, expiresAt: 1 },
      { kind: "index", namespace: "audit-log", set: "none", member: "m", value: "{}" },
      { kind: "usage", scope: "k:key_1", granularity: "day", at: 0, expiresAt: 1, counts: { f: 2 } },
      { kind: "end", entries: 3 },
    ];
    expect(lines.map((line) => parseLine(JSON.stringify(line)))).toEqual(lines);
  });
});
