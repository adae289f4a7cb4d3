import { type DomainError } from "../../../domain/errors.ts";
/** Cells one row (the header included) may hold. */
export declare const MAX_CSV_COLUMNS = 10000;
/** Rows (the header included): each costs papaparse and the record builder ≈ 4 µs beyond its cells. */
export declare const MAX_CSV_ROWS = 100000;
/** Cells in the whole document (rows × columns): papaparse and the records built from it cost ≈ 1 µs a cell. */
export declare const MAX_CSV_CELLS = 500000;
/** The delimiter papaparse will use: the given one, else its guess from the opening rows. */
export declare function chooseDelimiter(csv: string, delimiter: string): string;
/**
 * Refuses CSV with a row of more than MAX_CSV_COLUMNS cells, more than MAX_CSV_ROWS rows or more than MAX_CSV_CELLS
 * cells in all, counted in one
 * linear pass (RFC 4180 quoting: a quote toggles, so an escaped `""` toggles twice) before papaparse builds any row.
 */
export declare function csvCostRefusal(csv: string, delimiter: string, field: string): DomainError | undefined;
/**
 * Header names made unique as papaparse does (a, a_1, a_2 …), in linear time: each name keeps the next suffix to
 * try, and every name ever taken stays taken, so no suffix is tried twice.
 */
export declare function uniqueNames(names: readonly string[]): string[];
