import { ok } from "../../../domain/result.js";
import { defineTool } from "../../../domain/tool.js";
/** Works on code points so an emoji is masked (or kept) whole, never split into half a surrogate pair. */
function obfuscate({ text, keepFirst, keepLast, keepSpaces, maskChar }) {
    const chars = Array.from(text);
    const lastStart = chars.length - keepLast;
    return chars
        .map((char, index) => (index < keepFirst || index >= lastStart || (keepSpaces && /\s/u.test(char)) ? char : maskChar))
        .join("");
}
export const stringObfuscator = defineTool({
    id: "string-obfuscator",
    name: "String Obfuscator",
    category: "text",
    description: "Mask a string with a character, keeping the first and last few characters and, optionally, whitespace.",
    input: {
        type: "object",
        required: ["text"],
        additionalProperties: false,
        properties: {
            text: { type: "string", maxLength: 1_048_576 },
            keepFirst: { type: "integer", minimum: 0, maximum: 1_048_576, default: 4 },
            keepLast: { type: "integer", minimum: 0, maximum: 1_048_576, default: 0 },
            keepSpaces: { type: "boolean", default: true },
            maskChar: { type: "string", minLength: 1, maxLength: 1, default: "*" },
        },
    },
    output: {
        type: "object",
        required: ["result"],
        additionalProperties: false,
        properties: { result: { type: "string" } },
    },
    examples: [
        {
            title: "Card number keeping the first and last four digits",
            source: "python3: each code point kept if i < 4 or i >= n - 4 or it is whitespace, else '*'",
            input: { text: "4111 1111 1111 1111", keepFirst: 4, keepLast: 4, keepSpaces: true, maskChar: "*" },
            output: { result: "4111 **** **** 1111" },
        },
        {
            title: "Defaults: keep the first four",
            source: "python3: code points after the 4th replaced by '*'",
            input: { text: "secret-token-value", keepFirst: 4, keepLast: 0, keepSpaces: true, maskChar: "*" },
            output: { result: "secr**************" },
        },
        {
            title: "Code points, spaces masked too",
            source: "python3: list('héllo wörld 😀'), keep index 0 and the last, others '•'",
            input: { text: "héllo wörld 😀", keepFirst: 1, keepLast: 1, keepSpaces: false, maskChar: "•" },
            output: { result: "h•••••••••••😀" },
        },
    ],
    run: (input) => ok({ result: obfuscate(input) }),
});
