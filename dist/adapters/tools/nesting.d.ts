import { type DomainError } from "../../domain/errors.ts";
/** The nesting every text format may reach: far past real documents, far below where parsers recurse into trouble. */
export declare const MAX_NESTING = 64;
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
export declare const JSON_SYNTAX: NestingSyntax;
export declare const YAML_FLOW_SYNTAX: NestingSyntax;
export declare const TOML_SYNTAX: NestingSyntax;
/**
 * The deepest level `text` reaches, in one linear pass; stops counting once past `limit`. Unmatched closers never
 * take the count below zero, so a stray `]` cannot buy extra depth for what follows.
 */
export declare function nestingDepth(text: string, syntax: NestingSyntax, limit?: number): number;
/** The refusal of `field` when its text nests deeper than `limit`; undefined when it does not. */
export declare function nestingRefusal(text: string, field: string, syntax: NestingSyntax, limit?: number): DomainError | undefined;
export declare function tooDeep(field: string, limit?: number): DomainError;
/**
 * The depth of an already parsed value (arrays and objects), walked without recursion so that a deep value
 * cannot overflow the stack; stops once past `limit`.
 */
export declare function valueDepth(value: unknown, limit?: number): number;
