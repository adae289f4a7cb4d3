import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { fromRoman } from "./roman-numerals.ts";

export const romanToNumber = defineTool({
  id: "roman-to-number",
  name: "Roman to Number",
  category: "conversion",
  description: "Convert a canonical Roman numeral (case-insensitive) to an integer.",
  input: {
    type: "object",
    required: ["roman"],
    additionalProperties: false,
    properties: { roman: { type: "string", minLength: 1, maxLength: 32, "x-tool-checks": "a canonical Roman numeral" } },
  },
  output: {
    type: "object",
    required: ["number"],
    additionalProperties: false,
    properties: { number: { type: "integer", minimum: 1, maximum: 3999 } },
  },
  examples: [
    {
      title: "MCMXCIV",
      source: "Standard subtractive notation: M 1000 + CM 900 + XC 90 + IV 4",
      input: { roman: "MCMXCIV" },
      output: { number: 1994 },
    },
    {
      title: "Lowercase is accepted",
      source: "Standard subtractive notation: MMM 3000 + DCCC 800 + LXXX 80 + VIII 8",
      input: { roman: "mmmdccclxxxviii" },
      output: { number: 3888 },
    },
  ],
  run: ({ roman }: { roman: string }) => {
    const upper = roman.trim().toUpperCase();
    const number = fromRoman(upper);
    if (number !== undefined) return ok({ number });
    const hint = /^[IVXLCDM]+$/.test(upper) ? " (canonical form is required, e.g. IV rather than IIII)" : "";
    return err(invalidField("roman", `'${roman}' is not a canonical Roman numeral${hint}.`));
  },
});
