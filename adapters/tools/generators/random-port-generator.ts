import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool, type ToolContext } from "../../../domain/tool.ts";
import { SEED_SCHEMA, toFloatSource } from "./random-source.ts";

interface PortInput {
  count: number;
  min: number;
  max: number;
  seed?: number;
}

/** Picks numbers only: checking that a port is free would mean binding sockets on the server. */
export const randomPortGenerator = defineTool({
  id: "random-port-generator",
  name: "Random Port Generator",
  category: "generators",
  description: "Pick random TCP/UDP port numbers in an inclusive range (default 1024–65535). Does not check that they are free.",
  input: {
    type: "object",
    additionalProperties: false,
    properties: {
      count: { type: "integer", minimum: 1, maximum: 100, default: 1 },
      min: { type: "integer", minimum: 1, maximum: 65_535, default: 1024, "x-tool-checks": "at most max" },
      max: { type: "integer", minimum: 1, maximum: 65_535, default: 65_535 },
      seed: { ...SEED_SCHEMA, description: "mulberry32 seed (fixtures only)." },
    },
  },
  output: {
    type: "object",
    required: ["ports"],
    additionalProperties: false,
    properties: { ports: { type: "array", maxItems: 100, items: { type: "integer", minimum: 1, maximum: 65_535 } } },
  },
  examples: [
    {
      title: "Three seeded ports above 1023",
      source: "python3: 1024 + floor(r*(65535-1024+1)) for r from mulberry32(42)",
      input: { count: 3, min: 1024, max: 65535, seed: 42 },
      output: { ports: [39802, 29944, 56018] },
    },
    {
      title: "Five seeded ports in 8000–8999",
      source: "python3: 8000 + floor(r*1000) for r from mulberry32(7)",
      input: { count: 5, min: 8000, max: 8999, seed: 7 },
      output: { ports: [8011, 8061, 8976, 8699, 8521] },
    },
    {
      title: "Two seeded ephemeral ports (RFC 6335 dynamic range)",
      source: "python3: 49152 + floor(r*16384) for r from mulberry32(1)",
      input: { count: 2, min: 49152, max: 65535, seed: 1 },
      output: { ports: [59425, 49196] },
    },
    { title: "One random unprivileged port", input: { count: 1, min: 1024, max: 65535 } },
  ],
  run: ({ count, min, max, seed }: PortInput, context: ToolContext) => {
    if (min > max) return err(invalidField("min", `min (${min}) must not exceed max (${max}).`));
    const rng = toFloatSource(seed, context);
    return ok({ ports: Array.from({ length: count }, () => min + Math.floor(rng() * (max - min + 1))) });
  },
});
