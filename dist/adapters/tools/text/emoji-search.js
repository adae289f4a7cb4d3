import { ok } from "../../../domain/result.js";
import { defineTool } from "../../../domain/tool.js";
// node-emoji pulls in emojilib's whole table: load it on first use.
let nodeEmoji;
/** node-emoji's search() turns a string into a RegExp, so the query is escaped to stay a plain substring. */
/** node-emoji's own normalisation of a `:short_code:` query: drop the first and last character when a `:…:` occurs. */
function normalizeName(name) {
    return /:.+:/.test(name) ? name.slice(1, -1) : name;
}
export const emojiSearch = defineTool({
    id: "emoji-search",
    name: "Emoji Search",
    category: "text",
    description: "Find emoji whose short name (emojilib, as in :heart_eyes:) contains the query, case-insensitively.",
    input: {
        type: "object",
        required: ["query"],
        additionalProperties: false,
        properties: {
            query: { type: "string", minLength: 1, maxLength: 50 },
            limit: { type: "integer", minimum: 1, maximum: 100, default: 20 },
        },
    },
    output: {
        type: "object",
        required: ["results"],
        additionalProperties: false,
        properties: {
            results: {
                type: "array",
                maxItems: 100,
                items: {
                    type: "object",
                    required: ["emoji", "name"],
                    additionalProperties: false,
                    properties: { emoji: { type: "string" }, name: { type: "string" } },
                },
            },
        },
    },
    examples: [
        {
            title: "First five cats",
            source: "python3 over node_modules/emojilib/emojis.json (JS key order: integer-like keys first): names containing 'cat'",
            input: { query: "cat", limit: 5 },
            output: {
                results: [
                    { emoji: "😺", name: "smiley_cat" },
                    { emoji: "😸", name: "smile_cat" },
                    { emoji: "😹", name: "joy_cat" },
                    { emoji: "😻", name: "heart_eyes_cat" },
                    { emoji: "😼", name: "smirk_cat" },
                ],
            },
        },
        {
            title: "A :short_code: query",
            source: "python3 over emojilib/emojis.json: colons stripped, names containing 'rocket'",
            input: { query: ":rocket:", limit: 20 },
            output: { results: [{ emoji: "🚀", name: "rocket" }] },
        },
        {
            title: "Regex characters are matched literally",
            source: "python3 over emojilib/emojis.json: names containing '+1'",
            input: { query: "+1", limit: 20 },
            output: { results: [{ emoji: "👍", name: "+1" }] },
        },
    ],
    run: async ({ query, limit }) => {
        nodeEmoji ??= await import("node-emoji");
        // Matched as a plain substring: node-emoji turns a string query into a RegExp and, for a query such as
        // `{"a":{"a"`, strips characters from an escaped pattern until it no longer compiles (a thrown SyntaxError).
        const needle = normalizeName(query.toLowerCase());
        const results = nodeEmoji.search(/(?:)/).filter(({ name }) => name.includes(needle)).slice(0, limit);
        return ok({ results: results.map(({ emoji, name }) => ({ emoji, name })) });
    },
});
