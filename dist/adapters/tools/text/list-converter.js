import { invalidField } from "../../../domain/errors.js";
import { err, ok } from "../../../domain/result.js";
import { defineTool } from "../../../domain/tool.js";
/** split → trim → drop empty → lowercase → dedupe (first wins) → sort → reverse; sorting is by UTF-16 code unit. */
function toItems(input) {
    let items = input.text.split(input.inputSeparator);
    if (input.trim)
        items = items.map((item) => item.trim());
    if (input.removeEmpty)
        items = items.filter((item) => item !== "");
    if (input.lowercase)
        items = items.map((item) => item.toLowerCase());
    if (input.unique)
        items = [...new Set(items)];
    if (input.sort !== "none")
        items.sort();
    if (input.sort === "desc")
        items.reverse();
    if (input.reverse)
        items.reverse();
    return items;
}
// A megabyte of one-character items, each wrapped in 512 characters of prefix and suffix, would be 512 MB.
const MAX_RESULT_LENGTH = 8 * 1_048_576;
const SEPARATOR = { type: "string", minLength: 1, maxLength: 16, default: "\n" };
const DEFAULTS = {
    inputSeparator: "\n", trim: true, removeEmpty: true, unique: false, lowercase: false, sort: "none", reverse: false,
    prefix: "", suffix: "", outputSeparator: "\n",
};
export const listConverter = defineTool({
    id: "list-converter",
    name: "List Converter",
    category: "text",
    description: "Split a list, clean it up (trim, drop empties, lowercase, dedupe), sort or reverse it, wrap each item and re-join it.",
    input: {
        type: "object",
        required: ["text"],
        additionalProperties: false,
        properties: {
            text: { type: "string", maxLength: 1_048_576 },
            inputSeparator: SEPARATOR,
            trim: { type: "boolean", default: true },
            removeEmpty: { type: "boolean", default: true },
            unique: { type: "boolean", default: false },
            lowercase: { type: "boolean", default: false },
            sort: { type: "string", enum: ["none", "asc", "desc"], default: "none" },
            reverse: { type: "boolean", default: false },
            prefix: { type: "string", maxLength: 256, default: "" },
            suffix: { type: "string", maxLength: 256, default: "" },
            outputSeparator: { ...SEPARATOR, minLength: 0 },
        },
    },
    output: {
        type: "object",
        required: ["result", "count"],
        additionalProperties: false,
        properties: { result: { type: "string" }, count: { type: "integer", minimum: 0 } },
    },
    examples: [
        {
            title: "Trim, dedupe and sort by code unit (uppercase first)",
            source: "python3: strip, drop empty, dedupe keeping the first, sorted()",
            input: { ...DEFAULTS, text: "banana\n apple \ncherry\n\napple\nBanana\nÄpfel", unique: true, sort: "asc" },
            output: { result: "Banana\napple\nbanana\ncherry\nÄpfel", count: 5 },
        },
        {
            title: "Lowercase, dedupe, sort descending and wrap",
            source: "python3: strip().lower(), drop empty, dedupe, sorted(reverse=True), ' | '.join('<'+x+'>')",
            input: {
                ...DEFAULTS,
                text: "banana\n apple \ncherry\n\napple\nBanana\nÄpfel",
                unique: true,
                lowercase: true,
                sort: "desc",
                prefix: "<",
                suffix: ">",
                outputSeparator: " | ",
            },
            output: { result: "<äpfel> | <cherry> | <banana> | <apple>", count: 4 },
        },
        {
            title: "Comma list reversed and quoted",
            source: "python3: [x.strip() for x in 'a, b ,c,,d'.split(',') if x.strip()][::-1], quoted and joined by ', '",
            input: { ...DEFAULTS, text: "a, b ,c,,d", inputSeparator: ",", reverse: true, prefix: "'", suffix: "'", outputSeparator: ", " },
            output: { result: "'d', 'c', 'b', 'a'", count: 4 },
        },
    ],
    run: (input) => {
        const items = toItems(input);
        const wrapping = input.prefix.length + input.suffix.length + input.outputSeparator.length;
        const length = items.reduce((total, item) => total + item.length + wrapping, 0);
        if (length > MAX_RESULT_LENGTH)
            return err(invalidField("", `The result would exceed ${MAX_RESULT_LENGTH} characters.`));
        return ok({ result: items.map((item) => `${input.prefix}${item}${input.suffix}`).join(input.outputSeparator), count: items.length });
    },
});
