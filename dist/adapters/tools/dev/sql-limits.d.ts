import { type DomainError } from "../../../domain/errors.ts";
/**
 * Tokens one input may hold. sql-formatter's Earley parser spends 50–100 µs a token here and grows faster than
 * linearly with statements (64 KiB of `SELECT 1;` took 4.5 s, 256 KiB 55 s), so the 256 KiB length cap alone is not
 * enough.
 */
export declare const MAX_SQL_TOKENS = 10000;
/** Statements (top-level `;`) one input may hold: the cost grows with their square. */
export declare const MAX_SQL_STATEMENTS = 500;
/** Refuses SQL past MAX_SQL_TOKENS tokens, MAX_SQL_STATEMENTS statements or MAX_NESTING nesting, in one linear pass. */
export declare function sqlCostRefusal(sql: string, field: string): DomainError | undefined;
