import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";

type Scale = "celsius" | "fahrenheit" | "kelvin" | "rankine";

// Exact SI definitions: T/K = t/°C + 273.15, °R = 1.8 × K, °F = °R − 459.67.
const TO_KELVIN: Readonly<Record<Scale, (value: number) => number>> = {
  celsius: (value) => value + 273.15,
  fahrenheit: (value) => ((value + 459.67) * 5) / 9,
  kelvin: (value) => value,
  rankine: (value) => (value * 5) / 9,
};

/** Rounding to 10 decimals hides binary noise such as 100 °C → 212.00000000000006 °F. */
const round10 = (value: number) => Number(value.toFixed(10)) + 0;

export const temperatureConverter = defineTool({
  id: "temperature-converter",
  name: "Temperature Converter",
  category: "conversion",
  description: "Convert a temperature between Celsius, Fahrenheit, Kelvin and Rankine.",
  input: {
    type: "object",
    required: ["value", "unit"],
    additionalProperties: false,
    properties: {
      value: { type: "number", "x-tool-checks": "small enough that every scale stays a finite number" },
      unit: { type: "string", enum: ["celsius", "fahrenheit", "kelvin", "rankine"] },
    },
    // Absolute zero on each scale, in the schema so that the document says it.
    oneOf: Object.entries({ celsius: -273.15, fahrenheit: -459.67, kelvin: 0, rankine: 0 }).map(([unit, minimum]) => ({
      properties: { unit: { type: "string", const: unit }, value: { type: "number", minimum } },
    })),
  },
  output: {
    type: "object",
    required: ["celsius", "fahrenheit", "kelvin", "rankine"],
    additionalProperties: false,
    properties: {
      celsius: { type: "number" },
      fahrenheit: { type: "number" },
      kelvin: { type: "number" },
      rankine: { type: "number" },
    },
  },
  examples: [
    {
      title: "Boiling point of water",
      source: "SI Brochure (9th ed.) §2.3.1: T/K = t/°C + 273.15; °F = 1.8·°C + 32; °R = 1.8·K",
      input: { value: 100, unit: "celsius" },
      output: { celsius: 100, fahrenheit: 212, kelvin: 373.15, rankine: 671.67 },
    },
    {
      title: "-40 is the same in Celsius and Fahrenheit",
      source: "Exact definitions: −40 °F = (−40 − 32) / 1.8 °C = −40 °C; 233.15 K; 419.67 °R",
      input: { value: -40, unit: "fahrenheit" },
      output: { celsius: -40, fahrenheit: -40, kelvin: 233.15, rankine: 419.67 },
    },
    {
      title: "Absolute zero",
      source: "Exact definitions: 0 K = −273.15 °C = −459.67 °F = 0 °R",
      input: { value: 0, unit: "kelvin" },
      output: { celsius: -273.15, fahrenheit: -459.67, kelvin: 0, rankine: 0 },
    },
    {
      title: "Body temperature from Rankine",
      source: "python3: k = 558.27 * 5 / 9; round(k - 273.15, 10), round(k * 9 / 5 - 459.67, 10), round(k, 10)",
      input: { value: 558.27, unit: "rankine" },
      output: { celsius: 37, fahrenheit: 98.6, kelvin: 310.15, rankine: 558.27 },
    },
  ],
  run: ({ value, unit }: { value: number; unit: Scale }) => {
    const kelvin = TO_KELVIN[unit](value);
    if (round10(kelvin) < 0) return err(invalidField("value", "The temperature is below absolute zero."));
    const output = {
      celsius: round10(kelvin - 273.15),
      fahrenheit: round10((kelvin * 9) / 5 - 459.67),
      kelvin: round10(kelvin),
      rankine: round10((kelvin * 9) / 5),
    };
    if (!Object.values(output).every(Number.isFinite)) return err(invalidField("value", "The temperature is too large to convert."));
    return ok(output);
  },
});
