import { invalidField, type DomainError } from "../../domain/errors.ts";

/** The nesting every text format may reach: far past real documents, far below where parsers recurse into trouble. */
export const MAX_NESTING = 64;

/** How one text format opens and closes a level, and which quoted spans hide brackets. */
export interface NestingSyntax {
  readonly opens: string;
  readonly closes: string;
  /** Characters that open a quoted span closed by the same character; a backslash escapes inside it. */
  readonly quotes: string;
  /** Quotes count only at the start of a token (YAML, TOML keys): inside `don't` an apostrophe opens nothing. */
  readonly quotesAtTokenStart?: boolean;
  /** A character that starts a comment running to the end of the line (after whitespace or at a line start). */
  readonly comment?: string;
}

export const JSON_SYNTAX: NestingSyntax = { opens: "[{", closes: "]}", quotes: '"' };
export const YAML_FLOW_SYNTAX: NestingSyntax = { opens: "[{", closes: "]}", quotes: "\"'", quotesAtTokenStart: true, comment: "#" };
export const TOML_SYNTAX: NestingSyntax = { opens: "[{", closes: "]}", quotes: "\"'", comment: "#" };

const TOKEN_BOUNDARY = " \t\r\n[{,:-?";

/** What a character does in a syntax; anything else is skipped. */
const OPEN = 1;
const CLOSE = 2;
const QUOTE = 3;
const COMMENT = 4;

const rolesBySyntax = new WeakMap<NestingSyntax, Uint8Array>();

/** The role of each ASCII character in `syntax` (every syntax character is ASCII), built once per syntax. */
function rolesOf(syntax: NestingSyntax): Uint8Array {
  const known = rolesBySyntax.get(syntax);
  if (known) return known;
  const roles = new Uint8Array(128);
  // Later entries win, as the scan used to test opens first, then closes, quotes and the comment.
  const entries = [[syntax.comment ?? "", COMMENT], [syntax.quotes, QUOTE], [syntax.closes, CLOSE], [syntax.opens, OPEN]] as const;
  for (const [chars, role] of entries) for (const char of chars) roles[char.charCodeAt(0)] = role;
  rolesBySyntax.set(syntax, roles);
  return roles;
}

/**
 * The deepest level `text` reaches, in one linear pass; stops counting once past `limit`. Unmatched closers never
 * take the count below zero, so a stray `]` cannot buy extra depth for what follows. Reads character codes through a
 * table and jumps over quoted spans with indexOf: every JSON, YAML and TOML input passes here before its parser.
 */
export function nestingDepth(text: string, syntax: NestingSyntax, limit = MAX_NESTING): number {
  const roles = rolesOf(syntax);
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const role = code < 128 ? roles[code] : 0;
    if (role === 0) continue;
    if (role === OPEN) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (role === CLOSE) {
      if (depth > 0) depth--;
    } else if (role === QUOTE) {
      if (opensQuote(text, i, syntax)) i = quoteEnd(text, i);
    } else if (i === 0 || " \t\r\n".includes(text[i - 1])) {
      const end = text.indexOf("\n", i);
      i = end === -1 ? text.length : end;
    }
  }
  return deepest;
}

function opensQuote(text: string, index: number, syntax: NestingSyntax): boolean {
  return !syntax.quotesAtTokenStart || index === 0 || TOKEN_BOUNDARY.includes(text[index - 1]);
}

/**
 * Index of the quote closing the span opened at `start` (the end of the text when unclosed). In a double-quoted span
 * a backslash escapes the next character, so a quote closes it only after an even run of backslashes.
 */
function quoteEnd(text: string, start: number): number {
  const quote = text[start];
  for (let at = text.indexOf(quote, start + 1); at !== -1; at = text.indexOf(quote, at + 1)) {
    if (quote !== '"') return at;
    let backslashes = 0;
    while (at - 1 - backslashes > start && text.charCodeAt(at - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return text.length;
}

/** The refusal of `field` when its text nests deeper than `limit`; undefined when it does not. */
export function nestingRefusal(text: string, field: string, syntax: NestingSyntax, limit = MAX_NESTING): DomainError | undefined {
  return nestingDepth(text, syntax, limit) > limit ? tooDeep(field, limit) : undefined;
}

export function tooDeep(field: string, limit = MAX_NESTING): DomainError {
  return invalidField(field, `The document has nesting deeper than ${limit} levels.`);
}

function isContainer(node: unknown): node is object {
  return typeof node === "object" && node !== null && !(node instanceof Date);
}

/**
 * Visits every value of a parsed document (arrays and objects hold members; anything else, Dates included, is a leaf)
 * with its depth, the root at 0, until `stop` returns true; whether it did. No recursion, so a deep value cannot
 * overflow the stack, and no allocation per node (a [node, depth] pair per node made the walk three times slower).
 */
export function someNode(value: unknown, stop: (node: unknown, depth: number) => boolean): boolean {
  const nodes: unknown[] = [value];
  const depths: number[] = [0];
  while (nodes.length > 0) {
    const node = nodes.pop();
    const depth = depths.pop() as number;
    if (stop(node, depth)) return true;
    if (!isContainer(node)) continue;
    if (Array.isArray(node)) {
      for (const member of node) {
        nodes.push(member);
        depths.push(depth + 1);
      }
      continue;
    }
    for (const key in node) {
      if (!Object.hasOwn(node, key)) continue;
      nodes.push((node as Record<string, unknown>)[key]);
      depths.push(depth + 1);
    }
  }
  return false;
}

/** The depth of an already parsed value (levels of arrays and objects); stops once past `limit`. */
export function valueDepth(value: unknown, limit = MAX_NESTING): number {
  let deepest = 0;
  someNode(value, (node, depth) => {
    if (!isContainer(node)) return false;
    deepest = Math.max(deepest, depth + 1);
    return deepest > limit;
  });
  return deepest;
}
