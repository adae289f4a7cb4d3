import { invalidField } from "../../../domain/errors.js";
import { MAX_NESTING } from "../nesting.js";
/**
 * Tokens one input may hold. sql-formatter's Earley parser spends 50–100 µs a token here and grows faster than
 * linearly with statements (64 KiB of `SELECT 1;` took 4.5 s, 256 KiB 55 s), so the 256 KiB length cap alone is not
 * enough.
 */
export const MAX_SQL_TOKENS = 10_000;
/** Statements (top-level `;`) one input may hold: the cost grows with their square. */
export const MAX_SQL_STATEMENTS = 500;
/** Words opening and closing a nested block, besides parentheses. */
const OPENERS = new Set(["case", "begin"]);
/** Refuses SQL past MAX_SQL_TOKENS tokens, MAX_SQL_STATEMENTS statements or MAX_NESTING nesting, in one linear pass. */
export function sqlCostRefusal(sql, field) {
    const count = countSql(sql);
    if (count.deepest > MAX_NESTING)
        return invalidField(field, `The SQL has nesting deeper than ${MAX_NESTING} levels (parentheses, CASE, BEGIN).`);
    if (count.tokens > MAX_SQL_TOKENS)
        return invalidField(field, `The SQL has more than ${MAX_SQL_TOKENS} tokens.`);
    if (count.statements > MAX_SQL_STATEMENTS)
        return invalidField(field, `The SQL has more than ${MAX_SQL_STATEMENTS} statements.`);
    return undefined;
}
function countSql(sql) {
    const count = { tokens: 0, statements: 0, deepest: 0 };
    let depth = 0;
    // A statement starts at the first token after a `;` (or at the first token): a trailing `;` opens none.
    let between = true;
    for (let i = 0; i < sql.length;) {
        const char = sql[i];
        const end = skipped(sql, i);
        if (end > i) {
            i = end;
            continue;
        }
        count.tokens++;
        if (between && char !== ";")
            count.statements++;
        between = char === ";";
        const word = wordEnd(sql, i);
        if (word > i + 1 || isWordChar(char)) {
            const lower = sql.slice(i, word).toLowerCase();
            if (OPENERS.has(lower))
                depth++;
            else if (lower === "end" && depth > 0)
                depth--;
            i = word;
        }
        else {
            if (char === "(")
                depth++;
            else if (char === ")" && depth > 0)
                depth--;
            i++;
        }
        if (depth > count.deepest)
            count.deepest = depth;
    }
    return count;
}
/** The end of whitespace, a comment or a quoted span starting at `i` (a quoted span counts as a token). */
function skipped(sql, i) {
    const char = sql[i];
    if (char === " " || char === "\t" || char === "\n" || char === "\r")
        return i + 1;
    if (sql.startsWith("--", i))
        return lineEnd(sql, i);
    if (sql.startsWith("/*", i)) {
        const close = sql.indexOf("*/", i + 2);
        return close === -1 ? sql.length : close + 2;
    }
    return i;
}
function lineEnd(sql, i) {
    const end = sql.indexOf("\n", i);
    return end === -1 ? sql.length : end + 1;
}
function wordEnd(sql, i) {
    const quote = sql[i];
    if (quote === "'" || quote === '"' || quote === "`") {
        const close = sql.indexOf(quote, i + 1);
        return close === -1 ? sql.length : close + 1;
    }
    let end = i;
    while (end < sql.length && isWordChar(sql[end]))
        end++;
    return end;
}
function isWordChar(char) {
    return /[\p{L}\p{N}_$@#]/u.test(char);
}
