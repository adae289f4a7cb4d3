import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";

/** Luhn sum with every second digit doubled, counting from the rightmost digit (which is not doubled). */
function luhnSum(digits: readonly number[]): number {
  let total = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = digits[digits.length - 1 - i];
    const doubled = i % 2 === 1 ? digit * 2 : digit;
    total += doubled > 9 ? doubled - 9 : doubled;
  }
  return total;
}

export const luhnValidator = defineTool({
  id: "luhn-validator",
  name: "Luhn Validator",
  category: "validation",
  description: "Luhn (mod 10) check of a number such as a card number or IMEI, with the check digit its payload needs.",
  input: {
    type: "object",
    required: ["number"],
    additionalProperties: false,
    properties: { number: { type: "string", minLength: 1, maxLength: 256, pattern: "^[0-9 -]+$", "x-tool-checks": "at least two digits" } },
  },
  output: {
    type: "object",
    required: ["valid", "checkDigit", "length"],
    additionalProperties: false,
    properties: {
      valid: { type: "boolean" },
      checkDigit: { type: "integer", minimum: 0, maximum: 9 },
      length: { type: "integer" },
    },
  },
  examples: [
    {
      title: "The Wikipedia example",
      source: "Wikipedia 'Luhn algorithm': 7992739871 has check digit 3; recomputed in python3",
      input: { number: "79927398713" },
      output: { valid: true, checkDigit: 3, length: 11 },
    },
    {
      title: "A wrong last digit",
      source: "Wikipedia 'Luhn algorithm' (payload 7992739871 needs 3); recomputed in python3",
      input: { number: "79927398710" },
      output: { valid: false, checkDigit: 3, length: 11 },
    },
    {
      title: "Visa test card number with spaces",
      source: "published card-network test number 4111 1111 1111 1111; python3 Luhn",
      input: { number: "4111 1111 1111 1111" },
      output: { valid: true, checkDigit: 1, length: 16 },
    },
    {
      title: "An IMEI",
      source: "Wikipedia 'International Mobile Equipment Identity': 49015420323751 has check digit 8; python3 Luhn",
      input: { number: "49015420323751-8" },
      output: { valid: true, checkDigit: 8, length: 15 },
    },
  ],
  run: ({ number }: { number: string }) => {
    const digits = [...number.replace(/[ -]/g, "")].map(Number);
    if (digits.length < 2) return err(invalidField("number", "At least two digits are needed (a payload and a check digit)."));
    const payload = digits.slice(0, -1);
    const checkDigit = (10 - (luhnSum([...payload, 0]) % 10)) % 10;
    return ok({ valid: luhnSum(digits) % 10 === 0, checkDigit, length: digits.length });
  },
});
