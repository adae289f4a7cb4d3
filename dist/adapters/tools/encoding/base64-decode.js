import { invalidField } from "../../../domain/errors.js";
import { err, ok } from "../../../domain/result.js";
import { defineTool } from "../../../domain/tool.js";
import { decodeUtf8 } from "./utf8.js";
// Buffer.from(s, "base64") skips characters outside the alphabet ("aGVs*bG8" gives "hello"), so check first.
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;
/** Strips ASCII whitespace and checks alphabet and padding; returns the cleaned text or a reason. */
function toCleanBase64(input) {
    const clean = input.replace(/[\t\n\f\r ]+/g, "");
    if (!BASE64.test(clean))
        return { ok: false, reason: "Base64 may contain only A-Z, a-z, 0-9, + / (or - _) and trailing = padding." };
    const unpadded = clean.replace(/=+$/, "");
    if (unpadded.length % 4 === 1)
        return { ok: false, reason: "Base64 length is impossible (one character too many or too few)." };
    if (unpadded.length !== clean.length && clean.length % 4 !== 0)
        return { ok: false, reason: "Base64 padding is wrong." };
    return { ok: true, value: unpadded };
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
        properties: { base64: { type: "string", maxLength: 1_048_576 } },
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
    run: ({ base64 }) => {
        const clean = toCleanBase64(base64);
        if (!clean.ok)
            return err(invalidField("base64", clean.reason));
        // Node's "base64" decoder also reads the URL-safe alphabet (- _): no 1 MiB copies to translate it first.
        const bytes = Buffer.from(clean.value, "base64");
        const text = decodeUtf8(bytes);
        if (text === undefined)
            return err(invalidField("base64", "The decoded bytes are not valid UTF-8 text."));
        return ok({ text, byteLength: bytes.length });
    },
});
