import type Papa from "papaparse";
import { invalidField, type DomainError } from "../../../domain/errors.ts";

/** Cells one row (the header included) may hold. */
export const MAX_CSV_COLUMNS = 10_000;
/** Rows (the header included): each costs papaparse and the record builder ≈ 4 µs beyond its cells. */
export const MAX_CSV_ROWS = 100_000;
/** Cells in the whole document (rows × columns): papaparse and the records built from it cost ≈ 1 µs a cell. */
export const MAX_CSV_CELLS = 500_000;

/** Enough of the text for papaparse to guess the delimiter from (it looks at the first rows only). */
const GUESS_SAMPLE = 65_536;

/**
 * The delimiter papaparse will use: the given one, else its guess from the opening rows. The caller passes papaparse
 * (loaded on first use).
 */
export function chooseDelimiter(papa: typeof Papa, csv: string, delimiter: string): string {
  if (delimiter !== "") return delimiter;
  const sample = papa.parse(csv.slice(0, GUESS_SAMPLE), { delimiter: "", skipEmptyLines: true });
  return sample.meta.delimiter || ",";
}

/**
 * Refuses CSV with a row of more than MAX_CSV_COLUMNS cells, more than MAX_CSV_ROWS rows or more than MAX_CSV_CELLS
 * cells in all, counted in one
 * linear pass (RFC 4180 quoting: a quote toggles, so an escaped `""` toggles twice) before papaparse builds any row.
 */
export function csvCostRefusal(csv: string, delimiter: string, field: string): DomainError | undefined {
  let quoted = false;
  let columns = 1;
  let cells = 0;
  let rows = 0;
  for (let i = 0; i < csv.length; i++) {
    const char = csv[i];
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (csv.startsWith(delimiter, i)) {
      if (++columns > MAX_CSV_COLUMNS) return invalidField(field, `A row has more than ${MAX_CSV_COLUMNS} columns.`);
      i += delimiter.length - 1;
    } else if (char === "\n") {
      cells += columns;
      columns = 1;
      if (cells > MAX_CSV_CELLS) return tooManyCells(field);
      if (++rows > MAX_CSV_ROWS) return invalidField(field, `The document has more than ${MAX_CSV_ROWS} rows.`);
    }
  }
  // A final line break ends the last row rather than opening another.
  const last = csv.endsWith("\n") ? 0 : columns;
  return cells + last > MAX_CSV_CELLS ? tooManyCells(field) : undefined;
}

function tooManyCells(field: string): DomainError {
  return invalidField(field, `The document has more than ${MAX_CSV_CELLS} cells (rows × columns).`);
}

/**
 * Header names made unique as papaparse does (a, a_1, a_2 …), in linear time: each name keeps the next suffix to
 * try, and every name ever taken stays taken, so no suffix is tried twice.
 */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  const nextSuffix = new Map<string, number>();
  return names.map((name) => {
    let unique = name;
    let suffix = nextSuffix.get(name) ?? 1;
    while (taken.has(unique)) unique = `${name}_${suffix++}`;
    nextSuffix.set(name, suffix);
    taken.add(unique);
    return unique;
  });
}
