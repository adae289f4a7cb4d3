import { MAX, NIL, v1, v3, v4, v5, v6, v7, validate } from "uuid";
import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool, type ToolContext } from "../../../domain/tool.ts";
import { SEED_SCHEMA, toByteSource } from "./random-source.ts";

const VERSIONS = ["v1", "v3", "v4", "v5", "v6", "v7", "nil", "max"] as const;
type Version = (typeof VERSIONS)[number];

const NAMESPACES: Readonly<Record<string, string>> = { dns: v5.DNS, url: v5.URL };

interface UuidInput {
  version: Version;
  count: number;
  namespace?: string;
  name?: string;
  seed?: number;
  timestamp?: number;
}

/**
 * Which members each version takes, in the schema so that the document says it: v3/v5 a namespace and a name,
 * v4 (the default) and v7 a seed, v7 a timestamp; a member another version takes is refused.
 */
const VERSION_MEMBERS = [
  { version: ["v3", "v5"], takes: ["namespace", "name"], needs: ["version", "namespace", "name"] },
  { version: ["v4"], takes: ["seed"], needs: [] },
  { version: ["v7"], takes: ["seed", "timestamp"], needs: ["version"] },
  { version: ["v1", "v6", "nil", "max"], takes: [], needs: ["version"] },
].map(({ version, takes, needs }) => ({
  properties: {
    version: { type: "string", enum: version },
    ...Object.fromEntries(["namespace", "name", "seed", "timestamp"].map((member) => [member, takes.includes(member)])),
  },
  required: needs,
}));

/** dns, url or a UUID as the uuid package's validate() reads it (any case): version 1–8 and the RFC variant, nil or max. */
const NAMESPACE_PATTERN =
  "^(?:[dD][nN][sS]|[uU][rR][lL]|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|[fF]{8}-[fF]{4}-[fF]{4}-[fF]{4}-[fF]{12})$";

const UUID_PATTERN = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";

/** v7 counter as uuid's own stateful v7 does it: seeded from random bytes 6–9, then +1 per UUID (RFC 9562 §6.2 method 1). */
function toV7Batch(count: number, msecs: number, nextBytes: (size: number) => Uint8Array): string[] {
  const uuids: string[] = [];
  let seq: number | undefined;
  let time = msecs;
  for (let index = 0; index < count; index++) {
    const random = nextBytes(16);
    if (seq === undefined) {
      seq = ((random[6] & 0x7f) << 24) | (random[7] << 16) | (random[8] << 8) | random[9];
    } else {
      seq = (seq + 1) | 0;
      if (seq === 0) time++;
    }
    uuids.push(v7({ random, msecs: time, seq }));
  }
  return uuids;
}

/** v1/v6 share one random node and clock sequence per batch and count up in 100 ns steps, so a batch sorts by time. */
function toTimeBatch(version: "v1" | "v6", count: number, context: ToolContext): string[] {
  const random = context.randomBytes(16);
  const msecs = context.now();
  const generate = version === "v1" ? v1 : v6;
  return Array.from({ length: count }, (_, nsecs) => generate({ random, msecs, nsecs }));
}

function refuseMisplacedFields(input: UuidInput) {
  const { version } = input;
  const named = version === "v3" || version === "v5";
  if (named && (input.namespace === undefined || input.name === undefined)) {
    return invalidField(input.namespace === undefined ? "namespace" : "name", `${version} needs both namespace and name.`);
  }
  if (!named && (input.namespace !== undefined || input.name !== undefined)) {
    return invalidField(input.namespace === undefined ? "name" : "namespace", "namespace and name apply only to v3 and v5.");
  }
  if (input.seed !== undefined && version !== "v4" && version !== "v7") return invalidField("seed", "seed applies only to v4 and v7.");
  if (input.timestamp !== undefined && version !== "v7") return invalidField("timestamp", "timestamp applies only to v7.");
  return undefined;
}

function toNamedUuid(version: "v3" | "v5", namespace: string, name: string): string | undefined {
  const resolved = NAMESPACES[namespace.toLowerCase()] ?? namespace.toLowerCase();
  if (!validate(resolved)) return undefined;
  return version === "v3" ? v3(name, resolved) : v5(name, resolved);
}

function toUuids(input: UuidInput, context: ToolContext): string[] {
  const { version, count } = input;
  const repeat = (uuid: string) => Array.from({ length: count }, () => uuid);
  if (version === "nil") return repeat(NIL);
  if (version === "max") return repeat(MAX);
  if (version === "v1" || version === "v6") return toTimeBatch(version, count, context);
  const nextBytes = toByteSource(input.seed, context);
  if (version === "v7") return toV7Batch(count, input.timestamp ?? context.now(), nextBytes);
  return Array.from({ length: count }, () => v4({ random: nextBytes(16) }));
}

/** Seeds are for fixtures: a seeded v4 is predictable and must never serve as a secret. */
export const uuidGenerator = defineTool({
  id: "uuid-generator",
  name: "UUID Generator",
  category: "generators",
  description: "Generate UUIDs of any RFC 9562 version (v1, v3, v4, v5, v6, v7, nil, max); v3/v5 hash a name in a namespace.",
  input: {
    type: "object",
    additionalProperties: false,
    properties: {
      version: { type: "string", enum: VERSIONS, default: "v4" },
      count: { type: "integer", minimum: 1, maximum: 100, default: 1 },
      namespace: { type: "string", minLength: 1, maxLength: 36, pattern: NAMESPACE_PATTERN, description: "A UUID, or dns / url (v3 and v5 only)." },
      name: { type: "string", maxLength: 65_536, description: "The name to hash (v3 and v5 only)." },
      seed: { ...SEED_SCHEMA, description: "mulberry32 seed for the random bytes (v4 and v7 only; fixtures, not secrets)." },
      timestamp: { type: "integer", minimum: 0, maximum: 281_474_976_710_655, description: "Unix ms (v7 only; default now)." },
    },
    oneOf: VERSION_MEMBERS,
  },
  output: {
    type: "object",
    required: ["uuids"],
    additionalProperties: false,
    properties: { uuids: { type: "array", maxItems: 100, items: { type: "string", pattern: UUID_PATTERN } } },
  },
  examples: [
    {
      title: "v5 of www.example.com in the DNS namespace (RFC 9562 A.4)",
      source: "RFC 9562 appendix A.4; python3 uuid.uuid5(uuid.NAMESPACE_DNS, 'www.example.com')",
      input: { version: "v5", namespace: "dns", name: "www.example.com", count: 1 },
      output: { uuids: ["2ed6657d-e927-568b-95e1-2665a8aea6a2"] },
    },
    {
      title: "v3 of www.example.com in the DNS namespace (RFC 9562 A.2)",
      source: "RFC 9562 appendix A.2; python3 uuid.uuid3(uuid.NAMESPACE_DNS, 'www.example.com')",
      input: { version: "v3", namespace: "dns", name: "www.example.com", count: 1 },
      output: { uuids: ["5df41881-3aed-3515-88a7-2f4a814cf09e"] },
    },
    {
      title: "v5 in the URL namespace",
      source: "python3 uuid.uuid5(uuid.NAMESPACE_URL, 'https://www.rfc-editor.org/rfc/rfc9562')",
      input: { version: "v5", namespace: "url", name: "https://www.rfc-editor.org/rfc/rfc9562", count: 1 },
      output: { uuids: ["3349c653-56d8-5f05-8876-e348e193dc56"] },
    },
    {
      title: "v3 in a custom namespace UUID",
      source: "python3 uuid.uuid3(uuid.UUID('f81d4fae-7dec-11d0-a765-00a0c91e6bf6'), 'hello')",
      input: { version: "v3", namespace: "f81d4fae-7dec-11d0-a765-00a0c91e6bf6", name: "hello", count: 1 },
      output: { uuids: ["4db64704-1cbb-3582-bcdb-0c6dfed8b9b8"] },
    },
    {
      title: "Three seeded v4 UUIDs (fixtures)",
      source: "python3: mulberry32(42) bytes floor(r*256), 16 per UUID, version/variant bits set, uuid.UUID(bytes=...)",
      input: { version: "v4", count: 3, seed: 42 },
      output: {
        uuids: ["9972daab-2c86-459f-9d78-3fe1be4e3280", "af9c0078-d60d-4708-840f-2fc887062cd7", "7ccf5173-090d-4e98-bea5-354dbddb8234"],
      },
    },
    {
      title: "Seeded v7 batch at the RFC 9562 A.6 timestamp (counter +1 per UUID)",
      source: "python3: RFC 9562 §5.7 layout with unix_ts_ms 0x017F22E279B0, 31-bit counter from mulberry32(42) bytes 6–9, +1 per UUID",
      input: { version: "v7", count: 3, seed: 42, timestamp: 1645557742000 },
      output: {
        uuids: ["017f22e2-79b0-7459-bf75-e3e1be4e3280", "017f22e2-79b0-7459-bf75-e7c887062cd7", "017f22e2-79b0-7459-bf75-e94dbddb8234"],
      },
    },
    {
      title: "The nil UUID",
      source: "RFC 9562 §5.9 (Nil UUID)",
      input: { version: "nil", count: 1 },
      output: { uuids: ["00000000-0000-0000-0000-000000000000"] },
    },
    {
      title: "The max UUID",
      source: "RFC 9562 §5.10 (Max UUID)",
      input: { version: "max", count: 1 },
      output: { uuids: ["ffffffff-ffff-ffff-ffff-ffffffffffff"] },
    },
    { title: "Five random v4 UUIDs", input: { version: "v4", count: 5 } },
  ],
  run: (input: UuidInput, context: ToolContext) => {
    const refusal = refuseMisplacedFields(input);
    if (refusal) return err(refusal);
    if (input.version === "v3" || input.version === "v5") {
      const uuid = toNamedUuid(input.version, input.namespace ?? "", input.name ?? "");
      if (uuid === undefined) return err(invalidField("namespace", "namespace must be a UUID, dns or url."));
      return ok({ uuids: Array.from({ length: input.count }, () => uuid) });
    }
    return ok({ uuids: toUuids(input, context) });
  },
});
