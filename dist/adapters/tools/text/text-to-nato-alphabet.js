import { ok } from "../../../domain/result.js";
import { defineTool } from "../../../domain/tool.js";
// ICAO spellings (Alfa, Juliett, X-ray) as in ICAO Annex 10 Vol. II; digits as plain English words.
const LETTERS = [
    "Alfa", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India", "Juliett", "Kilo", "Lima", "Mike",
    "November", "Oscar", "Papa", "Quebec", "Romeo", "Sierra", "Tango", "Uniform", "Victor", "Whiskey", "X-ray", "Yankee", "Zulu",
];
const DIGITS = ["Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine"];
function toCodeWord(char) {
    if (char === " ")
        return "(space)";
    if (/^[a-zA-Z]$/.test(char))
        return LETTERS[char.toUpperCase().charCodeAt(0) - 65];
    if (/^[0-9]$/.test(char))
        return DIGITS[Number(char)];
    return char;
}
export const textToNatoAlphabet = defineTool({
    id: "text-to-nato-alphabet",
    name: "Text To NATO Alphabet",
    category: "text",
    description: "Spell a text with the NATO/ICAO alphabet: A–Z → Alfa…Zulu, 0–9 → Zero…Nine, space → (space), others kept.",
    input: {
        type: "object",
        required: ["text"],
        additionalProperties: false,
        properties: { text: { type: "string", maxLength: 10_240 } },
    },
    output: {
        type: "object",
        required: ["nato"],
        additionalProperties: false,
        properties: { nato: { type: "string" } },
    },
    examples: [
        {
            title: "Letters, a space and digits",
            source: "ICAO Annex 10 Vol. II spelling alphabet",
            input: { text: "SOS 911" },
            output: { nato: "Sierra Oscar Sierra (space) Nine One One" },
        },
        {
            title: "Lowercase letters and kept punctuation",
            source: "ICAO Annex 10 Vol. II spelling alphabet (ICAO spellings Juliett and X-ray)",
            input: { text: "jx-7!" },
            output: { nato: "Juliett X-ray - Seven !" },
        },
    ],
    run: ({ text }) => ok({ nato: Array.from(text, toCodeWord).join(" ") }),
});
