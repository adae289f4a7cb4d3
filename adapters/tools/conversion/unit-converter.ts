import { invalidField, type DomainError } from "../../../domain/errors.ts";
import { err, ok, type Result } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";

type MathJs = typeof import("mathjs");

// mathjs takes about 0.9 s to import: load it on first use, once.
let mathjs: Promise<MathJs> | undefined;
const loadMathJs = (): Promise<MathJs> => (mathjs ??= import("mathjs"));

/**
 * Unit strings go only to mathjs's unit parser (`math.unit`), never to `math.evaluate`. The result keeps 15
 * significant digits, which drops binary noise such as 12 inch → 30.479999999999997 cm.
 */
export const unitConverter = defineTool({
  id: "unit-converter",
  name: "Unit Converter",
  category: "conversion",
  description: "Convert a value between physical units (mathjs unit names such as m, mile, degC, kWh, psi, KiB).",
  input: {
    type: "object",
    required: ["value", "from", "to"],
    additionalProperties: false,
    properties: {
      value: { type: "number", "x-tool-checks": "finite once converted" },
      from: { type: "string", minLength: 1, maxLength: 64, "x-tool-checks": "a unit name math.js knows" },
      to: { type: "string", minLength: 1, maxLength: 64, "x-tool-checks": "a unit of the same dimension as from" },
    },
  },
  output: {
    type: "object",
    required: ["result", "from", "to"],
    additionalProperties: false,
    properties: { result: { type: "number" }, from: { type: "string" }, to: { type: "string" } },
  },
  examples: [
    {
      title: "A mile in kilometres",
      source: "NIST SP 811 appendix B: 1 mi (international) = 1609.344 m exactly",
      input: { value: 1, from: "mile", to: "km" },
      output: { result: 1.609344, from: "mile", to: "km" },
    },
    {
      title: "A foot in centimetres",
      source: "NIST SP 811 appendix B: 1 in = 2.54 cm exactly, so 12 in = 30.48 cm",
      input: { value: 12, from: "inch", to: "cm" },
      output: { result: 30.48, from: "inch", to: "cm" },
    },
    {
      title: "Pounds to kilograms",
      source: "NIST SP 811 appendix B: 1 lb (avoirdupois) = 0.45359237 kg exactly",
      input: { value: 10, from: "lb", to: "kg" },
      output: { result: 4.5359237, from: "lb", to: "kg" },
    },
    {
      title: "Boiling water in Fahrenheit",
      source: "SI Brochure §2.3.1 and the °F definition: 100 °C = 212 °F",
      input: { value: 100, from: "degC", to: "degF" },
      output: { result: 212, from: "degC", to: "degF" },
    },
    {
      title: "A US gallon in litres",
      source: "NIST SP 811 appendix B: 1 gal (US) = 231 in³ = 3.785411784 L exactly",
      input: { value: 1, from: "gallon", to: "liter" },
      output: { result: 3.785411784, from: "gallon", to: "liter" },
    },
  ],
  run: async ({ value, from, to }: { value: number; from: string; to: string }) => {
    const math = await loadMathJs();
    const fromUnit = readUnit(math, from, "from");
    if (!fromUnit.ok) return fromUnit;
    const toUnit = readUnit(math, to, "to");
    if (!toUnit.ok) return toUnit;
    try {
      const result = math.unit(value, from).toNumber(to);
      if (!Number.isFinite(result)) return err(invalidField("value", "The converted value is too large."));
      return ok({ result: Number(result.toPrecision(15)) + 0, from, to });
    } catch (error) {
      return err(invalidField("to", `Cannot convert '${from}' to '${to}': ${(error as Error).message}`));
    }
  },
});

/** Checks that a field names a unit and carries no number of its own ("5 m" would silently scale the value). */
function readUnit(math: MathJs, name: string, field: string): Result<true, DomainError> {
  try {
    if (math.unit(name).value !== null) return err(invalidField(field, `'${name}' must be a unit without a number.`));
    return ok(true);
  } catch (error) {
    return err(invalidField(field, `'${name}' is not a known unit: ${(error as Error).message}`));
  }
}
