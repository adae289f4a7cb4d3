import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";

/** Digits are case-insensitive on input and lowercase on output; there is no size limit beyond the 256 characters. */
export const integerBaseConverter = defineTool({
  id: "integer-base-converter",
  name: "Integer Base Converter",
  category: "conversion",
  description: "Convert an integer of any size between bases 2 and 36.",
  input: {
    type: "object",
    required: ["value", "fromBase", "toBase"],
    additionalProperties: false,
    properties: {
      value: { type: "string", minLength: 1, maxLength: 256, pattern: "^-?[0-9A-Za-z]+$", "x-tool-checks": "digits valid in fromBase" },
      fromBase: { type: "integer", minimum: 2, maximum: 36 },
      toBase: { type: "integer", minimum: 2, maximum: 36 },
    },
  },
  output: {
    type: "object",
    required: ["result", "binary", "octal", "decimal", "hexadecimal"],
    additionalProperties: false,
    properties: {
      result: { type: "string" },
      binary: { type: "string" },
      octal: { type: "string" },
      decimal: { type: "string" },
      hexadecimal: { type: "string" },
    },
  },
  examples: [
    {
      title: "Hexadecimal to base 36",
      source: "python3: n = int('ff', 16); bin(n), oct(n), hex(n) and a base-36 digit loop",
      input: { value: "FF", fromBase: 16, toBase: 36 },
      output: { result: "73", binary: "11111111", octal: "377", decimal: "255", hexadecimal: "ff" },
    },
    {
      title: "2^128 stays exact",
      source: "python3: int('1' + '0' * 128, 2) == 2**128 == 340282366920938463463374607431768211456",
      input: { value: `1${"0".repeat(128)}`, fromBase: 2, toBase: 10 },
      output: {
        result: "340282366920938463463374607431768211456",
        binary: `1${"0".repeat(128)}`,
        octal: `4${"0".repeat(42)}`,
        decimal: "340282366920938463463374607431768211456",
        hexadecimal: `1${"0".repeat(32)}`,
      },
    },
    {
      title: "A negative base-7 number",
      source: "python3: n = int('-1234', 7) == -466; format(n, 'b'), format(n, 'o'), format(n, 'x'), base-3 loop",
      input: { value: "-1234", fromBase: 7, toBase: 3 },
      output: { result: "-122021", binary: "-111010010", octal: "-722", decimal: "-466", hexadecimal: "-1d2" },
    },
  ],
  run: ({ value, fromBase, toBase }: { value: string; fromBase: number; toBase: number }) => {
    const negative = value.startsWith("-");
    let magnitude = 0n;
    for (const character of negative ? value.slice(1) : value) {
      const digit = Number.parseInt(character, 36);
      if (digit >= fromBase) return err(invalidField("value", `'${character}' is not a digit in base ${fromBase}.`));
      magnitude = magnitude * BigInt(fromBase) + BigInt(digit);
    }
    const number = negative ? -magnitude : magnitude;
    return ok({
      result: number.toString(toBase),
      binary: number.toString(2),
      octal: number.toString(8),
      decimal: number.toString(10),
      hexadecimal: number.toString(16),
    });
  },
});
