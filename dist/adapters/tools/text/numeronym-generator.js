import { ok } from "../../../domain/result.js";
import { defineTool } from "../../../domain/tool.js";
const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
const WORD = /[\p{L}\p{M}]+/gu;
const MARK = /\p{M}/u;
/** Without the u flag this matches each half of a surrogate pair, i.e. any astral character. */
const SURROGATE = /[\ud800-\udfff]/;
/** A word of more than 3 graphemes becomes first + count of the middle + last; digits and punctuation stay. */
function toNumeronym(word) {
    // Without marks or astral letters every code unit is a grapheme: Intl.Segmenter (≈ 15 µs a call) is not needed.
    if (word.length <= 3)
        return word;
    if (!MARK.test(word) && !SURROGATE.test(word))
        return `${word[0]}${word.length - 2}${word[word.length - 1]}`;
    const parts = Array.from(graphemes.segment(word), (segment) => segment.segment);
    return parts.length <= 3 ? word : `${parts[0]}${parts.length - 2}${parts[parts.length - 1]}`;
}
export const numeronymGenerator = defineTool({
    id: "numeronym-generator",
    name: "Numeronym Generator",
    category: "text",
    description: "Turn every word (a run of letters) longer than 3 characters into a numeronym, i18n style.",
    input: {
        type: "object",
        required: ["text"],
        additionalProperties: false,
        properties: { text: { type: "string", maxLength: 10_240 } },
    },
    output: {
        type: "object",
        required: ["numeronym"],
        additionalProperties: false,
        properties: { numeronym: { type: "string" } },
    },
    examples: [
        {
            title: "The classic numeronyms",
            source: "W3C i18n glossary (i18n, l10n), W3C WAI (a11y), kubernetes.io (K8s)",
            input: { text: "internationalization localization accessibility Kubernetes" },
            output: { numeronym: "i18n l10n a11y K8s" },
        },
        {
            title: "Short words, punctuation, digits and combining marks",
            source: "python3 regex.sub(r'[\\p{L}\\p{M}]+', …) counting \\X graphemes",
            input: { text: "The cat, and: hello-world! A\u030angstro\u0308m 2024" },
            output: { numeronym: "The cat, and: h3o-w3d! A\u030a6m 2024" },
        },
    ],
    run: ({ text }) => ok({ numeronym: text.replace(WORD, toNumeronym) }),
});
