import { ok } from "../../../domain/result.js";
import { defineTool } from "../../../domain/tool.js";
/**
 * Keys come from the caller, so the object has no prototype: a plain `{}` would silently swallow a `__proto__` key
 * (and `constructor` would collide with Object.prototype).
 */
export const queryStringToJson = defineTool({
    id: "query-string-to-json",
    name: "Query String To JSON",
    category: "web",
    description: "Parse a URL query string (leading '?' optional) into a JSON object; repeated keys become arrays.",
    input: {
        type: "object",
        required: ["query"],
        additionalProperties: false,
        properties: { query: { type: "string", maxLength: 65_536 } },
    },
    output: {
        type: "object",
        required: ["params"],
        additionalProperties: false,
        properties: {
            params: {
                type: "object",
                additionalProperties: { anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] },
            },
        },
    },
    examples: [
        {
            title: "A repeated key becomes an array",
            source: "python3 urllib.parse.parse_qsl('a=1&b=2&a=3', keep_blank_values=True)",
            input: { query: "?a=1&b=2&a=3" },
            output: { params: { a: ["1", "3"], b: "2" } },
        },
        {
            title: "Percent-decoding, '+' as space and empty values",
            source: "python3 urllib.parse.parse_qsl(..., keep_blank_values=True)",
            input: { query: "name=J%C3%BCrgen+M%C3%BCller&tags=a&tags=b&tags=c&empty=" },
            output: { params: { name: "Jürgen Müller", tags: ["a", "b", "c"], empty: "" } },
        },
    ],
    run: ({ query }) => {
        const params = Object.create(null);
        for (const [key, value] of new URLSearchParams(query)) {
            const existing = Object.hasOwn(params, key) ? params[key] : undefined;
            if (existing === undefined)
                params[key] = value;
            else if (Array.isArray(existing))
                existing.push(value);
            else
                params[key] = [existing, value];
        }
        return ok({ params });
    },
});
