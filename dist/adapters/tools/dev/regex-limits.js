import { invalidField } from "../../../domain/errors.js";
/** Instructions a compiled pattern may hold; re2js compiles ≈ 7 µs an instruction (220,000 took 1.6 s here). */
export const MAX_REGEX_PROGRAM = 20_000;
/**
 * Program size × text length: re2js's NFA walks every instruction for every character when no literal lets it skip,
 * 18–25 ns a step here (4,005 instructions over 100 KiB took 7.4 s; over 12,000 characters 1.2 s), so this keeps a run
 * well under a second.
 */
export const MAX_REGEX_WORK = 25_000_000;
const REPEAT = /^\{(\d+)(?:(,)(\d*))?\}/;
/**
 * An upper estimate of re2js's program size, from the pattern text alone, so that a pattern like `a{0,1000}` × 110
 * is refused before the compiler spends seconds on it. Atoms count 1, groups their content plus 2, each `|`, `*`,
 * `+`, `?` 1, and `{n,m}` repeats the preceding atom max(n, m) + 1 times.
 */
export function estimatedProgramSize(pattern) {
    const frames = [0];
    let last = 0;
    const add = (size) => (frames[frames.length - 1] += size);
    for (let i = 0; i < pattern.length; i++) {
        const char = pattern[i];
        if (char === "(") {
            frames.push(0);
            last = 0;
            continue;
        }
        if (char === "{" && REPEAT.test(pattern.slice(i, i + 16))) {
            const [whole, low, comma, high] = REPEAT.exec(pattern.slice(i, i + 16));
            const times = Math.max(Number(low), comma && high ? Number(high) : 0) + 1;
            add(last * (times - 1) + times);
            last *= times;
            i += whole.length - 1;
            continue;
        }
        if (char === "|" || char === "*" || char === "+" || char === "?") {
            add(1);
            continue;
        }
        const end = char === "\\" ? escapeEnd(pattern, i) : char === "[" ? classEnd(pattern, i) : i;
        last = char === ")" && frames.length > 1 ? frames.pop() + 2 : 1;
        add(last);
        i = end;
    }
    // Every program also holds a start and a match instruction.
    return frames.reduce((sum, size) => sum + size, 2);
}
function escapeEnd(pattern, at) {
    const next = pattern[at + 1];
    if ((next === "p" || next === "P" || next === "x") && pattern[at + 2] === "{") {
        const close = pattern.indexOf("}", at + 3);
        return close === -1 ? pattern.length - 1 : close;
    }
    return at + 1;
}
function classEnd(pattern, at) {
    // A `]` right after `[` or `[^` is a literal member.
    let i = pattern[at + 1] === "^" ? at + 2 : at + 1;
    if (pattern[i] === "]")
        i++;
    for (; i < pattern.length; i++) {
        if (pattern[i] === "\\")
            i++;
        else if (pattern.startsWith("[:", i))
            i = Math.max(i, pattern.indexOf(":]", i + 2) + 1);
        else if (pattern[i] === "]")
            return i;
    }
    return pattern.length - 1;
}
export function programTooLarge(size) {
    return invalidField("pattern", `The pattern compiles to more than ${MAX_REGEX_PROGRAM} instructions (about ${size}).`);
}
/** The refusal when running a program of `size` instructions over `textLength` characters would pass MAX_REGEX_WORK. */
export function workRefusal(size, textLength) {
    if (size * Math.max(1, textLength) <= MAX_REGEX_WORK)
        return undefined;
    return invalidField("pattern", `The pattern's program size (${size} instructions) times the text length (${textLength}) is more than ${MAX_REGEX_WORK}; shorten the pattern or the text.`);
}
