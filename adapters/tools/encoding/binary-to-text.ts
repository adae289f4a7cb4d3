import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { decodeUtf8 } from "./utf8.ts";

/** Packs a string of 0/1 digits (length a multiple of 8) into bytes. */
function toBytes(bits: string): Uint8Array {
  const bytes = new Uint8Array(bits.length / 8);
  for (let index = 0; index < bytes.length; index += 1) bytes[index] = Number.parseInt(bits.slice(index * 8, index * 8 + 8), 2);
  return bytes;
}

export const binaryToText = defineTool({
  id: "binary-to-text",
  name: "Binary To Text",
  category: "encoding",
  description: "Read 8-bit groups of 0 and 1 (whitespace ignored) as UTF-8 bytes and decode them to text.",
  input: {
    type: "object",
    required: ["binary"],
    additionalProperties: false,
    properties: { binary: { type: "string", maxLength: 1_048_576, pattern: "^[01\\s]*$", "x-tool-checks": "whole 8-bit bytes of UTF-8" } },
  },
  output: {
    type: "object",
    required: ["text"],
    additionalProperties: false,
    properties: { text: { type: "string" } },
  },
  examples: [
    {
      title: "Space-separated bytes",
      source: "python3 bytes(int(x, 2) for x in s.split()).decode()",
      input: { binary: "01001000 01100101 01101100 01101100 01101111" },
      output: { text: "Hello" },
    },
    {
      title: "A four-byte character across lines",
      source: "python3: the 32 bits read as 4 bytes, .decode('utf-8')",
      input: { binary: "1111000010011111\n1001100010000000" },
      output: { text: "😀" },
    },
  ],
  run: ({ binary }: { binary: string }) => {
    const bits = binary.replace(/\s+/g, "");
    if (bits.length % 8 !== 0) return err(invalidField("binary", `The bit count (${bits.length}) is not a multiple of 8.`));
    const text = decodeUtf8(toBytes(bits));
    if (text === undefined) return err(invalidField("binary", "The bytes are not valid UTF-8 text."));
    return ok({ text });
  },
});
