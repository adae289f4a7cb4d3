import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { decodeUtf8 } from "./utf8.ts";

// Buffer.from(s, "base64") skips characters outside the alphabet ("aGVs*bG8" gives "hello"), so check first. ASCII
// whitespace may appear anywhere: the decoder skips it, so the text is never copied to strip it (a 1 MiB input that
// is half spaces took 30 ms of the event loop to clean).
const BASE64 = /^[A-Za-z0-9+/_\-\t\n\f\r ]*(?:=[\t\n\f\r ]*){0,2}$/;

function isAsciiWhitespace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 12 || code === 13;
}

/** Checks alphabet, length and padding of Base64 text, whitespace ignored; undefined when it is well-formed. */
function base64Problem(input: string): string | undefined {
  if (!BASE64.test(input)) return "Base64 may contain only A-Z, a-z, 0-9, + / (or - _) and trailing = padding.";
  let symbols = 0;
  let padding = 0;
  for (let i = 0; i < input.length; i++) {
    const code = input.charCodeAt(i);
    if (code === 61) padding += 1;
    else if (!isAsciiWhitespace(code)) symbols += 1;
  }
  if (symbols % 4 === 1) return "Base64 length is impossible (one character too many or too few).";
  if (padding > 0 && (symbols + padding) % 4 !== 0) return "Base64 padding is wrong.";
  return undefined;
}

export const base64Decode = defineTool({
  id: "base64-decode",
  name: "Base64 Decode",
  category: "encoding",
  description: "Decode Base64 (standard or URL-safe, padding optional, whitespace ignored) to UTF-8 text.",
  input: {
    type: "object",
    required: ["base64"],
    additionalProperties: false,
    properties: { base64: { type: "string", maxLength: 1_048_576, "x-tool-checks": "base64 of UTF-8 text" } },
  },
  output: {
    type: "object",
    required: ["text", "byteLength"],
    additionalProperties: false,
    properties: { text: { type: "string" }, byteLength: { type: "integer", minimum: 0 } },
  },
  examples: [
    {
      title: "RFC 4648 vector: Zm9vYmE=",
      source: "RFC 4648 section 10",
      input: { base64: "Zm9vYmE=" },
      output: { text: "fooba", byteLength: 5 },
    },
    {
      title: "RFC 4648 vector: Zm9v",
      source: "RFC 4648 section 10",
      input: { base64: "Zm9v" },
      output: { text: "foo", byteLength: 3 },
    },
    {
      title: "Non-ASCII text with line-wrapped input",
      source: "python3 base64.b64encode('héllo wörld'.encode())",
      input: { base64: "aMOpbGxv\nIHfDtnJsZA==" },
      output: { text: "héllo wörld", byteLength: 13 },
    },
    {
      title: "URL-safe alphabet without padding",
      source: "python3 base64.urlsafe_b64encode(b'subjects?_d')",
      input: { base64: "c3ViamVjdHM_X2Q" },
      output: { text: "subjects?_d", byteLength: 11 },
    },
  ],
  run: ({ base64 }: { base64: string }) => {
    const problem = base64Problem(base64);
    if (problem !== undefined) return err(invalidField("base64", problem));
    // Node's "base64" decoder also reads the URL-safe alphabet (- _): no 1 MiB copies to translate it first.
    const bytes = Buffer.from(base64, "base64");
    const text = decodeUtf8(bytes);
    if (text === undefined) return err(invalidField("base64", "The decoded bytes are not valid UTF-8 text."));
    return ok({ text, byteLength: bytes.length });
  },
});
