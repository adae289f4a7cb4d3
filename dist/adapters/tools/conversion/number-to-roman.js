import { ok } from "../../../domain/result.js";
import { defineTool } from "../../../domain/tool.js";
import { toRoman } from "./roman-numerals.js";
export const numberToRoman = defineTool({
    id: "number-to-roman",
    name: "Number to Roman",
    category: "conversion",
    description: "Convert an integer from 1 to 3999 to a Roman numeral.",
    input: {
        type: "object",
        required: ["number"],
        additionalProperties: false,
        properties: { number: { type: "integer", minimum: 1, maximum: 3999 } },
    },
    output: {
        type: "object",
        required: ["roman"],
        additionalProperties: false,
        properties: { roman: { type: "string" } },
    },
    examples: [
        {
            title: "1994 uses three subtractive pairs",
            source: "Standard subtractive notation (CM = 900, XC = 90, IV = 4): M + CM + XC + IV",
            input: { number: 1994 },
            output: { roman: "MCMXCIV" },
        },
        {
            title: "The largest value, 3999",
            source: "Standard subtractive notation: MMM + CM + XC + IX",
            input: { number: 3999 },
            output: { roman: "MMMCMXCIX" },
        },
        {
            title: "2024",
            source: "Standard subtractive notation: MM + XX + IV",
            input: { number: 2024 },
            output: { roman: "MMXXIV" },
        },
    ],
    run: ({ number }) => ok({ roman: toRoman(number) }),
});
