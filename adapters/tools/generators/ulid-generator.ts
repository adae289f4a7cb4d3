import { ok } from "../../../domain/result.ts";
import { defineTool, type ToolContext } from "../../../domain/tool.ts";
import { SEED_SCHEMA, toFloatSource } from "./random-source.ts";
import { lazy } from "../lazy.ts";

const loadUlid = lazy(() => import("ulid"));

interface UlidInput {
  count: number;
  timestamp?: number;
  seed?: number;
  monotonic: boolean;
}

/** Monotonic mode increments the random part within one millisecond, as the ULID spec's monotonicity section says. */
export const ulidGenerator = defineTool({
  id: "ulid-generator",
  name: "ULID Generator",
  category: "generators",
  description: "Generate ULIDs (48-bit ms timestamp + 80 random bits in Crockford base32), optionally monotonic within a batch.",
  input: {
    type: "object",
    additionalProperties: false,
    properties: {
      count: { type: "integer", minimum: 1, maximum: 100, default: 1 },
      // ulid reads a timestamp of 0 as "now", so the smallest accepted value is 1.
      timestamp: { type: "integer", minimum: 1, maximum: 281_474_976_710_655, description: "Unix ms; default now." },
      seed: { ...SEED_SCHEMA, description: "mulberry32 seed for the random part (fixtures only)." },
      monotonic: { type: "boolean", default: true },
    },
  },
  output: {
    type: "object",
    required: ["ulids"],
    additionalProperties: false,
    properties: { ulids: { type: "array", maxItems: 100, items: { type: "string", pattern: "^[0-7][0-9A-HJKMNP-TV-Z]{25}$" } } },
  },
  examples: [
    {
      title: "Monotonic batch at the ULID README timestamp",
      source:
        "ULID spec/README: time 1469918176385 encodes as 01ARYZ6S41; random part computed in python3 from mulberry32(42), " +
        "Crockford base32 of floor(r*32) with each new char prepended, then +1 per ULID",
      input: { count: 3, timestamp: 1469918176385, seed: 42, monotonic: true },
      output: { ulids: ["01ARYZ6S41G69QW7FVK8G5NVEK", "01ARYZ6S41G69QW7FVK8G5NVEM", "01ARYZ6S41G69QW7FVK8G5NVEN"] },
    },
    {
      title: "Independent random parts when not monotonic",
      source: "python3: ULID spec time encoding plus two fresh 16-char random parts from mulberry32(42)",
      input: { count: 2, timestamp: 1469918176385, seed: 42, monotonic: false },
      output: { ulids: ["01ARYZ6S41G69QW7FVK8G5NVEK", "01ARYZ6S41T50GS5181J1TF0KN"] },
    },
    {
      title: "One seeded ULID",
      source: "python3: base32 of 1700000000000 (01HF7YAT00) plus the random part from mulberry32(123)",
      input: { count: 1, timestamp: 1700000000000, seed: 123, monotonic: true },
      output: { ulids: ["01HF7YAT00BJ06ZKDSXVTC7F5S"] },
    },
    { title: "Three random ULIDs for now", input: { count: 3, monotonic: true } },
  ],
  run: async ({ count, timestamp, seed, monotonic }: UlidInput, context: ToolContext) => {
    const { monotonicFactory, ulid } = await loadUlid();
    const rng = toFloatSource(seed, context);
    const time = timestamp ?? context.now();
    const next = monotonic ? monotonicFactory(rng) : (seedTime: number) => ulid(seedTime, rng);
    return ok({ ulids: Array.from({ length: count }, () => next(time)) });
  },
});
