import { ok } from "../../../domain/result.js";
import { defineTool } from "../../../domain/tool.js";
import { countSegments } from "./segment-counts.js";
const COUNTS = ["characters", "codePoints", "graphemes", "words", "lines", "bytes", "whitespace"];
function countOf(items, keep = () => true) {
    let count = 0;
    for (const item of items)
        if (keep(item))
            count += 1;
    return count;
}
/** Lines as a text editor shows them: a final line break does not open a new line; \r\n, \r and \n all break. */
function countLines(text) {
    if (text === "")
        return 0;
    const breaks = text.match(/\r\n|\r|\n/g)?.length ?? 0;
    return /[\r\n]$/.test(text) ? breaks : breaks + 1;
}
export const textStatistics = defineTool({
    id: "text-statistics",
    name: "Text Statistics",
    category: "text",
    description: "Count UTF-16 characters, code points, graphemes, words, lines, UTF-8 bytes and whitespace; segmentation follows Node's ICU (Unicode UAX #29).",
    input: {
        type: "object",
        required: ["text"],
        additionalProperties: false,
        properties: { text: { type: "string", maxLength: 1_048_576 } },
    },
    output: {
        type: "object",
        required: [...COUNTS],
        additionalProperties: false,
        properties: Object.fromEntries(COUNTS.map((count) => [count, { type: "integer", minimum: 0 }])),
    },
    examples: [
        {
            title: "Emoji with a skin tone, Cyrillic and a final newline",
            source: "python3: len(utf-16)/2, len(), regex \\X, regex WORD-flag \\b segments with a letter or digit, splitlines, utf-8, isspace",
            input: { text: "Hello, world! 👋🏽\nНовая строка — ок.\n" },
            output: { characters: 38, codePoints: 36, graphemes: 35, words: 5, lines: 2, bytes: 57, whitespace: 7 },
        },
        {
            title: "Combining accent, ZWJ family emoji, apostrophe and decimal",
            source: "python3 as above (regex module: \\X graphemes, UAX #29 word boundaries keep don't and 3.14 whole)",
            input: { text: "e\u0301 👨\u200d👩\u200d👧\u200d👦 don't 3.14" },
            output: { characters: 25, codePoints: 21, graphemes: 14, words: 3, lines: 1, bytes: 40, whitespace: 3 },
        },
        {
            title: "Mixed line endings",
            source: "python3 as above; \\r\\n is one grapheme",
            input: { text: "one\r\ntwo\rthree\n\nfive" },
            output: { characters: 20, codePoints: 20, graphemes: 19, words: 4, lines: 5, bytes: 20, whitespace: 5 },
        },
    ],
    // Not flagged CPU in the catalog, but ICU segmentation of 1 MiB takes 0.4–2 s: keep it off the event loop.
    worker: true,
    timeoutMs: 10_000,
    run: ({ text }) => ok({
        characters: text.length,
        codePoints: countOf(text),
        ...countSegments(text),
        lines: countLines(text),
        bytes: Buffer.byteLength(text, "utf8"),
        whitespace: countOf(text, (char) => /\s/u.test(char)),
    }),
});
