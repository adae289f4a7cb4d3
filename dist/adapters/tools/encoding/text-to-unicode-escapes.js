import { ok } from "../../../domain/result.js";
import { defineTool } from "../../../domain/tool.js";
const hex = (value, width = 1) => value.toString(16).padStart(width, "0");
/** `js` escapes UTF-16 code units (surrogate pairs for astral characters); the other formats escape code points. */
function escapeText(text, format) {
    if (format === "js") {
        const units = new Array(text.length);
        for (let index = 0; index < text.length; index += 1)
            units[index] = `\\u${hex(text.charCodeAt(index), 4)}`;
        return units.join("");
    }
    const escape = ESCAPES[format];
    // One escape per distinct code point: texts repeat characters, and formatting each anew cost ≈ 90 ms at the cap.
    const cache = new Map();
    const pieces = [];
    for (const char of text) {
        const point = char.codePointAt(0) ?? 0;
        let piece = cache.get(point);
        if (piece === undefined)
            cache.set(point, (piece = escape(point)));
        pieces.push(piece);
    }
    return pieces.join(format === "codepoints" ? " " : "");
}
const ESCAPES = {
    codepoints: (point) => `U+${hex(point, 4).toUpperCase()}`,
    "html-decimal": (point) => `&#${point};`,
    "html-hex": (point) => `&#x${hex(point)};`,
    es6: (point) => `\\u{${hex(point)}}`,
};
export const textToUnicodeEscapes = defineTool({
    id: "text-to-unicode-escapes",
    name: "Text To Unicode Escapes",
    category: "encoding",
    description: "Write every character as a code point (U+0041, space-separated) or as an HTML (&#65; / &#x41;), JS (\\u0041) or ES6 (\\u{41}) escape.",
    input: {
        type: "object",
        required: ["text"],
        additionalProperties: false,
        properties: {
            text: { type: "string", maxLength: 65_536 },
            format: { type: "string", enum: ["codepoints", "html-decimal", "html-hex", "js", "es6"], default: "codepoints" },
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
            title: "Code points",
            source: "python3 ' '.join(f'U+{ord(c):04X}' for c in 'Aé😀')",
            input: { text: "Aé😀", format: "codepoints" },
            output: { result: "U+0041 U+00E9 U+1F600" },
        },
        {
            title: "HTML decimal references",
            source: "python3 ''.join(f'&#{ord(c)};' for c in 'Aé😀')",
            input: { text: "Aé😀", format: "html-decimal" },
            output: { result: "&#65;&#233;&#128512;" },
        },
        {
            title: "HTML hex references",
            source: "python3 ''.join(f'&#x{ord(c):x};' for c in 'Aé😀')",
            input: { text: "Aé😀", format: "html-hex" },
            output: { result: "&#x41;&#xe9;&#x1f600;" },
        },
        {
            title: "JavaScript escapes use a surrogate pair above U+FFFF",
            source: "python3: each UTF-16BE code unit of 'Aé😀' as \\uXXXX (json.dumps gives the same for é and 😀)",
            input: { text: "Aé😀", format: "js" },
            output: { result: "\\u0041\\u00e9\\ud83d\\ude00" },
        },
        {
            title: "ES6 code point escapes",
            source: "python3 ''.join('\\\\u{%x}' % ord(c) for c in 'Aé😀')",
            input: { text: "Aé😀", format: "es6" },
            output: { result: "\\u{41}\\u{e9}\\u{1f600}" },
        },
    ],
    run: ({ text, format }) => ok({ result: escapeText(text, format) }),
});
