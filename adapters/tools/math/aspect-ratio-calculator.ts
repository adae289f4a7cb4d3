import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";

type Input = { width: number; height: number; targetWidth?: number; targetHeight?: number };

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

const SIDE = { type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const TARGET = { type: "number", exclusiveMinimum: 0, maximum: 1e12 } as const;

export const aspectRatioCalculator = defineTool({
  id: "aspect-ratio-calculator",
  name: "Aspect Ratio Calculator",
  category: "math",
  description: "Reduce width × height to its aspect ratio and scale it to a target width or height (give at most one).",
  input: {
    type: "object",
    required: ["width", "height"],
    additionalProperties: false,
    properties: { width: SIDE, height: SIDE, targetWidth: TARGET, targetHeight: TARGET },
    // One target at most (the other is computed), in the schema so that the document says it.
    anyOf: [{ properties: { targetHeight: false } }, { properties: { targetWidth: false } }],
  },
  output: {
    type: "object",
    required: ["ratio", "decimal", "targetWidth", "targetHeight"],
    additionalProperties: false,
    properties: {
      ratio: { type: "string", pattern: "^[0-9]+:[0-9]+$" },
      decimal: { type: "number" },
      targetWidth: { type: ["number", "null"] },
      targetHeight: { type: ["number", "null"] },
    },
  },
  examples: [
    {
      title: "Full HD scaled to a width of 1280",
      source: "python3: math.gcd(1920, 1080) == 120; 1280 * 1080 / 1920 == 720.0",
      input: { width: 1920, height: 1080, targetWidth: 1280 },
      output: { ratio: "16:9", decimal: 1.7777777777777777, targetWidth: 1280, targetHeight: 720 },
    },
    {
      title: "XGA scaled to a height of 600",
      source: "python3: math.gcd(1024, 768) == 256; 600 * 1024 / 768 == 800.0",
      input: { width: 1024, height: 768, targetHeight: 600 },
      output: { ratio: "4:3", decimal: 1.3333333333333333, targetWidth: 800, targetHeight: 600 },
    },
    {
      title: "Ultrawide without a target",
      source: "python3: math.gcd(2560, 1080) == 40; 2560 / 1080 == 2.3703703703703702",
      input: { width: 2560, height: 1080 },
      output: { ratio: "64:27", decimal: 2.3703703703703702, targetWidth: null, targetHeight: null },
    },
  ],
  run: ({ width, height, targetWidth, targetHeight }: Input) => {
    if (targetWidth !== undefined && targetHeight !== undefined) {
      return err(invalidField("targetHeight", "Give targetWidth or targetHeight, not both: the other one is computed."));
    }
    const divisor = gcd(width, height);
    const scaled =
      targetWidth !== undefined ? { targetWidth, targetHeight: (targetWidth * height) / width }
      : targetHeight !== undefined ? { targetWidth: (targetHeight * width) / height, targetHeight }
      : { targetWidth: null, targetHeight: null };
    return ok({ ratio: `${width / divisor}:${height / divisor}`, decimal: width / height, ...scaled });
  },
});
