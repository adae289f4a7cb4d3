import { invalidField } from "../../domain/errors.js";
/** The nesting every text format may reach: far past real documents, far below where parsers recurse into trouble. */
export const MAX_NESTING = 64;
export const JSON_SYNTAX = { opens: "[{", closes: "]}", quotes: '"' };
export const YAML_FLOW_SYNTAX = { opens: "[{", closes: "]}", quotes: "\"'", quotesAtTokenStart: true, comment: "#" };
export const TOML_SYNTAX = { opens: "[{", closes: "]}", quotes: "\"'", comment: "#" };
const TOKEN_BOUNDARY = " \t\r\n[{,:-?";
/**
 * The deepest level `text` reaches, in one linear pass; stops counting once past `limit`. Unmatched closers never
 * take the count below zero, so a stray `]` cannot buy extra depth for what follows.
 */
export function nestingDepth(text, syntax, limit = MAX_NESTING) {
    let depth = 0;
    let deepest = 0;
    for (let i = 0; i < text.length; i++) {
        const char = text[i];
        if (syntax.opens.includes(char)) {
            depth++;
            if (depth > deepest)
                deepest = depth;
            if (deepest > limit)
                return deepest;
        }
        else if (syntax.closes.includes(char)) {
            if (depth > 0)
                depth--;
        }
        else if (syntax.quotes.includes(char) && opensQuote(text, i, syntax)) {
            i = quoteEnd(text, i);
        }
        else if (char === syntax.comment && (i === 0 || " \t\r\n".includes(text[i - 1]))) {
            const end = text.indexOf("\n", i);
            i = end === -1 ? text.length : end;
        }
    }
    return deepest;
}
function opensQuote(text, index, syntax) {
    return !syntax.quotesAtTokenStart || index === 0 || TOKEN_BOUNDARY.includes(text[index - 1]);
}
/** Index of the quote closing the span opened at `start` (the end of the text when unclosed). */
function quoteEnd(text, start) {
    const quote = text[start];
    for (let i = start + 1; i < text.length; i++) {
        if (text[i] === "\\" && quote === '"')
            i++;
        else if (text[i] === quote)
            return i;
    }
    return text.length;
}
/** The refusal of `field` when its text nests deeper than `limit`; undefined when it does not. */
export function nestingRefusal(text, field, syntax, limit = MAX_NESTING) {
    return nestingDepth(text, syntax, limit) > limit ? tooDeep(field, limit) : undefined;
}
export function tooDeep(field, limit = MAX_NESTING) {
    return invalidField(field, `The document has nesting deeper than ${limit} levels.`);
}
/**
 * The depth of an already parsed value (arrays and objects), walked without recursion so that a deep value
 * cannot overflow the stack; stops once past `limit`.
 */
export function valueDepth(value, limit = MAX_NESTING) {
    let deepest = 0;
    const stack = [[value, 0]];
    while (stack.length > 0) {
        const [current, depth] = stack.pop();
        if (typeof current !== "object" || current === null || current instanceof Date)
            continue;
        const level = depth + 1;
        if (level > deepest)
            deepest = level;
        if (deepest > limit)
            return deepest;
        for (const member of Object.values(current))
            stack.push([member, level]);
    }
    return deepest;
}
