import { loremIpsum } from "lorem-ipsum";
import { ok } from "../../../domain/result.js";
import { defineTool } from "../../../domain/tool.js";
import { SEED_SCHEMA, toFloatSource } from "./random-source.js";
const UNITS = ["words", "sentences", "paragraphs"];
/** Seeded output depends on the lorem-ipsum version (its word list and draw order), which package.json pins. */
export const loremIpsumGenerator = defineTool({
    id: "lorem-ipsum-generator",
    name: "Lorem Ipsum Generator",
    category: "generators",
    description: "Generate placeholder lorem ipsum text as words, sentences or newline-separated paragraphs.",
    input: {
        type: "object",
        additionalProperties: false,
        properties: {
            unit: { type: "string", enum: UNITS, default: "sentences" },
            count: { type: "integer", minimum: 1, maximum: 100, default: 3 },
            seed: { ...SEED_SCHEMA, description: "mulberry32 seed (fixtures only)." },
        },
    },
    output: {
        type: "object",
        required: ["text"],
        additionalProperties: false,
        properties: { text: { type: "string" } },
    },
    examples: [
        {
            title: "Five seeded words",
            source: "python3 port of lorem-ipsum 3.0.0 Generator (62-word list, floor(r*(max-min+1)+min), words prepended) with mulberry32(42)",
            input: { unit: "words", count: 5, seed: 42 },
            output: { text: "consequat mollit reprehenderit excepteur laborum" },
        },
        {
            title: "Two seeded sentences",
            source: "python3 port of lorem-ipsum 3.0.0 (5–15 words per sentence, capitalised, full stop) with mulberry32(42)",
            input: { unit: "sentences", count: 2, seed: 42 },
            output: {
                text: "Aliquip dolore adipisicing laboris aliquip quis fugiat ad laborum nisi in cupidatat eiusmod. " +
                    "Sit dolor fugiat sint Lorem dolore incididunt consequat mollit reprehenderit excepteur.",
            },
        },
        {
            title: "Two seeded paragraphs",
            source: "python3 port of lorem-ipsum 3.0.0 (3–7 sentences per paragraph, joined by \\n) with mulberry32(7)",
            input: { unit: "paragraphs", count: 2, seed: 7 },
            output: {
                text: "Consectetur commodo culpa sit dolor veniam ea ipsum ea. Cupidatat incididunt officia consectetur dolor nulla irure. " +
                    "Exercitation eu incididunt non veniam.\n" +
                    "Quis ipsum ullamco nisi aliqua elit magna culpa. Tempor commodo commodo esse elit nisi non ut fugiat. " +
                    "Esse officia anim adipisicing ex esse. Aliqua quis ullamco Lorem velit nisi Lorem irure tempor amet officia.",
            },
        },
        { title: "Three random sentences", input: { unit: "sentences", count: 3 } },
    ],
    run: ({ unit, count, seed }, context) => 
    // An explicit suffix keeps paragraphs "\n"-separated on every OS (the library would pick "\r\n" on Windows).
    ok({ text: loremIpsum({ units: unit, count, random: toFloatSource(seed, context), suffix: "\n" }) }),
});
