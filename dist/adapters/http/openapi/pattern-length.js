/**
 * The longest string (in code points, as JSON Schema counts) a fully anchored pattern can match, or undefined
 * when the pattern is not anchored at both ends or can match without bound (`*`, `+`, `{n,}`, backreferences).
 * Lets the document state the length cap that a pattern such as `^[A-Z]{2}$` already enforces.
 */
export function maxPatternLength(pattern) {
    if (!pattern.startsWith("^") || !pattern.endsWith("$") || pattern.endsWith("\\$"))
        return undefined;
    const parser = { source: pattern.slice(1, -1), at: 0 };
    try {
        const length = readAlternatives(parser, true);
        return parser.at === parser.source.length && Number.isFinite(length) ? length : undefined;
    }
    catch {
        return undefined;
    }
}
function readAlternatives(parser, topLevel) {
    let longest = readSequence(parser);
    while (parser.source[parser.at] === "|") {
        // A top-level `|` would leave each side anchored at one end only.
        if (topLevel)
            throw new Error("unanchored alternative");
        parser.at++;
        longest = Math.max(longest, readSequence(parser));
    }
    return longest;
}
function readSequence(parser) {
    let total = 0;
    while (parser.at < parser.source.length && parser.source[parser.at] !== "|" && parser.source[parser.at] !== ")") {
        total += readAtom(parser) * readQuantifier(parser);
    }
    return total;
}
function readAtom(parser) {
    const { source } = parser;
    const char = source[parser.at++];
    if (char === "(") {
        const lookaround = /^\?<?[=!]/.test(source.slice(parser.at));
        if (source[parser.at] === "?")
            parser.at = skipGroupPrefix(source, parser.at);
        const inner = readAlternatives(parser, false);
        if (source[parser.at++] !== ")")
            throw new Error("unclosed group");
        return lookaround ? 0 : inner;
    }
    if (char === "[") {
        if (source[parser.at] === "]")
            parser.at++;
        while (parser.at < source.length && source[parser.at] !== "]")
            parser.at += source[parser.at] === "\\" ? 2 : 1;
        if (source[parser.at++] !== "]")
            throw new Error("unclosed class");
        return 1;
    }
    if (char === "\\")
        return readEscape(parser);
    if (char === "^" || char === "$")
        return 0;
    if ("*+?{".includes(char))
        throw new Error("dangling quantifier");
    return 1;
}
function readEscape(parser) {
    const next = parser.source[parser.at++];
    if (next === undefined || /[1-9k]/.test(next))
        throw new Error("backreference");
    if (next === "b" || next === "B")
        return 0;
    if (next === "u" && parser.source[parser.at] === "{")
        parser.at = parser.source.indexOf("}", parser.at) + 1;
    else if (next === "u")
        parser.at += 4;
    else if (next === "x")
        parser.at += 2;
    else if ((next === "p" || next === "P") && parser.source[parser.at] === "{")
        parser.at = parser.source.indexOf("}", parser.at) + 1;
    return 1;
}
function skipGroupPrefix(source, at) {
    if (source.startsWith("?:", at) || source.startsWith("?=", at) || source.startsWith("?!", at))
        return at + 2;
    if (source.startsWith("?<=", at) || source.startsWith("?<!", at))
        return at + 3;
    if (source.startsWith("?<", at))
        return source.indexOf(">", at) + 1;
    throw new Error("unknown group");
}
function readQuantifier(parser) {
    const { source } = parser;
    const char = source[parser.at];
    let max = 1;
    if (char === "?")
        (max = 1), parser.at++;
    else if (char === "*" || char === "+")
        (max = Number.POSITIVE_INFINITY), parser.at++;
    else if (char === "{") {
        const match = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(parser.at));
        if (!match)
            return 1;
        max = match[2] === undefined ? Number(match[1]) : match[3] === "" ? Number.POSITIVE_INFINITY : Number(match[3]);
        parser.at += match[0].length;
    }
    else
        return 1;
    if (source[parser.at] === "?")
        parser.at++;
    return max;
}
