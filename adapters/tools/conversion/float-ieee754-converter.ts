import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";

const LAYOUTS = {
  32: { bytes: 4, exponentBits: 8, bias: 127 },
  64: { bytes: 8, exponentBits: 11, bias: 1023 },
} as const;
type Precision = keyof typeof LAYOUTS;

/**
 * `exponent` is the effective (unbiased) exponent: stored exponent − bias, or 1 − bias for zero and subnormals,
 * whose stored exponent field is all zeros. NaN and ±Infinity cannot arrive through JSON; a value too large for
 * binary32 would become Infinity and is refused.
 */
export const floatIeee754Converter = defineTool({
  id: "float-ieee754-converter",
  name: "Float IEEE-754 Converter",
  category: "conversion",
  description: "Show the IEEE-754 binary32 or binary64 bit layout of a number.",
  input: {
    type: "object",
    required: ["value"],
    additionalProperties: false,
    properties: {
      value: { type: "number", "x-tool-checks": "representable at the chosen precision" },
      precision: { type: "integer", enum: [32, 64], default: 64 },
    },
  },
  output: {
    type: "object",
    required: ["hex", "binary", "sign", "exponent", "exponentBits", "mantissaBits", "storedValue"],
    additionalProperties: false,
    properties: {
      hex: { type: "string", pattern: "^[0-9a-f]+$" },
      binary: { type: "string", pattern: "^[01]+$" },
      sign: { type: "integer", enum: [0, 1] },
      exponent: { type: "integer" },
      exponentBits: { type: "string", pattern: "^[01]+$" },
      mantissaBits: { type: "string", pattern: "^[01]+$" },
      storedValue: { type: "number" },
    },
  },
  examples: [
    {
      title: "0.1 as a double",
      source: "Wikipedia 'Double-precision floating-point format' (0.1 ≈ 0x3FB999999999999A); python3 struct.pack('>d', 0.1)",
      input: { value: 0.1, precision: 64 },
      output: {
        hex: "3fb999999999999a",
        binary: `0011111110111001${"1001".repeat(11)}1010`,
        sign: 0,
        exponent: -4,
        exponentBits: "01111111011",
        mantissaBits: `${"1001".repeat(12)}1010`,
        storedValue: 0.1,
      },
    },
    {
      title: "-2 as a double",
      source: "Wikipedia 'Double-precision floating-point format' examples: −2 = 0xC000000000000000",
      input: { value: -2, precision: 64 },
      output: {
        hex: "c000000000000000",
        binary: `11${"0".repeat(62)}`,
        sign: 1,
        exponent: 1,
        exponentBits: "10000000000",
        mantissaBits: "0".repeat(52),
        storedValue: -2,
      },
    },
    {
      title: "0.15625 as a single",
      source: "Wikipedia 'Single-precision floating-point format' worked example: 0.15625 = 0x3E200000",
      input: { value: 0.15625, precision: 32 },
      output: {
        hex: "3e200000",
        binary: "00111110001000000000000000000000",
        sign: 0,
        exponent: -3,
        exponentBits: "01111100",
        mantissaBits: "01000000000000000000000",
        storedValue: 0.15625,
      },
    },
    {
      title: "0.1 rounded to a single",
      source: "Wikipedia 'Single-precision floating-point format' (0.1 ≈ 0x3DCCCCCD); python3 struct.unpack('>f', struct.pack('>f', 0.1))",
      input: { value: 0.1, precision: 32 },
      output: {
        hex: "3dcccccd",
        binary: "00111101110011001100110011001101",
        sign: 0,
        exponent: -4,
        exponentBits: "01111011",
        mantissaBits: "10011001100110011001101",
        storedValue: 0.10000000149011612,
      },
    },
    {
      title: "The smallest subnormal double",
      source: "Wikipedia 'Double-precision floating-point format': 0x0000000000000001 = 2^−1074 ≈ 4.9406564584124654e−324",
      input: { value: 5e-324, precision: 64 },
      output: {
        hex: "0000000000000001",
        binary: `${"0".repeat(63)}1`,
        sign: 0,
        exponent: -1022,
        exponentBits: "00000000000",
        mantissaBits: `${"0".repeat(51)}1`,
        storedValue: 5e-324,
      },
    },
  ],
  run: ({ value, precision }: { value: number; precision: Precision }) => {
    const layout = LAYOUTS[precision];
    const view = new DataView(new ArrayBuffer(layout.bytes));
    if (precision === 32) view.setFloat32(0, value);
    else view.setFloat64(0, value);
    const storedValue = precision === 32 ? view.getFloat32(0) : view.getFloat64(0);
    if (!Number.isFinite(storedValue)) return err(invalidField("value", "The value is too large for binary32."));
    const bytes = [...new Uint8Array(view.buffer)];
    const binary = bytes.map((byte) => byte.toString(2).padStart(8, "0")).join("");
    const exponentBits = binary.slice(1, 1 + layout.exponentBits);
    const storedExponent = Number.parseInt(exponentBits, 2);
    return ok({
      hex: bytes.map((byte) => byte.toString(16).padStart(2, "0")).join(""),
      binary,
      sign: binary[0] === "1" ? 1 : 0,
      exponent: (storedExponent === 0 ? 1 : storedExponent) - layout.bias,
      exponentBits,
      mantissaBits: binary.slice(1 + layout.exponentBits),
      storedValue,
    });
  },
});
