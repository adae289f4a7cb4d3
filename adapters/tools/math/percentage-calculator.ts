import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";

type Operation = "percentOf" | "whatPercent" | "percentChange";

/** percentOf: x % of y; whatPercent: x is what % of y; percentChange: change from x to y, relative to |x|. */
function compute(operation: Operation, x: number, y: number) {
  if (operation === "percentOf") return ok((x * y) / 100);
  if (operation === "whatPercent") return y === 0 ? err(invalidField("y", "y must not be 0 (division by zero).")) : ok((x / y) * 100);
  return x === 0 ? err(invalidField("x", "x must not be 0 (division by zero).")) : ok(((y - x) / Math.abs(x)) * 100);
}

export const percentageCalculator = defineTool({
  id: "percentage-calculator",
  name: "Percentage Calculator",
  category: "math",
  description: "Answer percentage questions: x% of y, x as a percentage of y, or the percentage change from x to y.",
  input: {
    type: "object",
    required: ["operation", "x", "y"],
    additionalProperties: false,
    properties: {
      operation: { type: "string", enum: ["percentOf", "whatPercent", "percentChange"] },
      x: { type: "number", "x-tool-checks": "not zero where it divides" },
      y: { type: "number", "x-tool-checks": "not zero where it divides" },
    },
  },
  output: {
    type: "object",
    required: ["result"],
    additionalProperties: false,
    properties: { result: { type: "number" } },
  },
  examples: [
    {
      title: "20 % of 150",
      source: "python3: 20 * 150 / 100 == 30.0",
      input: { operation: "percentOf", x: 20, y: 150 },
      output: { result: 30 },
    },
    {
      title: "30 is what percent of 150",
      source: "python3: 30 / 150 * 100 == 20.0",
      input: { operation: "whatPercent", x: 30, y: 150 },
      output: { result: 20 },
    },
    {
      title: "Change from 120 to 150",
      source: "python3: (150 - 120) / 120 * 100 == 25.0",
      input: { operation: "percentChange", x: 120, y: 150 },
      output: { result: 25 },
    },
    {
      title: "A decrease is negative",
      source: "python3: (80 - 100) / 100 * 100 == -20.0",
      input: { operation: "percentChange", x: 100, y: 80 },
      output: { result: -20 },
    },
  ],
  run: ({ operation, x, y }: { operation: Operation; x: number; y: number }) => {
    const outcome = compute(operation, x, y);
    if (!outcome.ok) return outcome;
    if (!Number.isFinite(outcome.value)) return err(invalidField("", "The result overflows a double."));
    return ok({ result: outcome.value });
  },
});
