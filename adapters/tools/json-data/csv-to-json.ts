import type { ParseError } from "papaparse";
import { invalidField, type DomainError } from "../../../domain/errors.ts";
import { err, ok, type Result } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { MAX_OUTPUT_CHARS, outputTooLarge } from "../output-cap.ts";
import { chooseDelimiter, csvCostRefusal, uniqueNames } from "./csv-limits.ts";
import { lazy } from "../lazy.ts";

const loadPapa = lazy(async () => (await import("papaparse")).default);

type Cell = string | number | boolean | null;
interface CsvRows {
  rows: unknown[];
  fields: string[] | null;
  errors: RowError[];
}
interface RowError {
  row: number | null;
  code: string;
  message: string;
}

/**
 * Rows are built here rather than by papaparse's `header` mode, which assigns each header with `obj[name] = …`:
 * a "__proto__" column would silently vanish. Duplicate headers are renamed name_1, name_2 as papaparse does.
 */
export const csvToJson = defineTool({
  id: "csv-to-json",
  name: "CSV to JSON",
  category: "json/data",
  worker: true,
  description: "Parse CSV into an array of rows (objects keyed by the header, or arrays).",
  input: {
    type: "object",
    required: ["csv"],
    additionalProperties: false,
    properties: {
      csv: { type: "string", maxLength: 5_242_880, "x-tool-checks": "CSV within the tool's limits" },
      delimiter: { type: "string", maxLength: 4, default: "" },
      header: { type: "boolean", default: true },
      dynamicTyping: { type: "boolean", default: false },
    },
  },
  output: {
    type: "object",
    required: ["rows", "fields", "errors"],
    additionalProperties: false,
    properties: {
      rows: { type: "array", items: { type: ["object", "array"] } },
      fields: { type: ["array", "null"], items: { type: "string" } },
      errors: {
        type: "array",
        items: {
          type: "object",
          required: ["row", "code", "message"],
          additionalProperties: false,
          properties: { row: { type: ["integer", "null"] }, code: { type: "string" }, message: { type: "string" } },
        },
      },
    },
  },
  examples: [
    {
      title: "Header row, quoted field with a comma",
      source: "python3 list(csv.DictReader(io.StringIO(s))) (RFC 4180)",
      input: { csv: 'name,city\r\nAda,London\r\n"Hopper, Grace",New York\r\n', delimiter: "", header: true, dynamicTyping: false },
      output: { rows: [{ name: "Ada", city: "London" }, { name: "Hopper, Grace", city: "New York" }], fields: ["name", "city"], errors: [] },
    },
    {
      title: "No header, typed values, semicolon delimiter",
      source: "python3 csv.reader(delimiter=';') with int()/float() on numeric cells and true/false as booleans",
      input: { csv: "1;2.5;true\n3;x;false\n", delimiter: ";", header: false, dynamicTyping: true },
      output: { rows: [[1, 2.5, true], [3, "x", false]], fields: null, errors: [] },
    },
  ],
  run: async (input: { csv: string; delimiter: string; header: boolean; dynamicTyping: boolean }): Promise<Result<CsvRows, DomainError>> => {
    const Papa = await loadPapa();
    const delimiter = chooseDelimiter(Papa, input.csv, input.delimiter);
    const costly = csvCostRefusal(input.csv, delimiter, "csv");
    if (costly) return err(costly);
    try {
      const result = Papa.parse<Cell[]>(input.csv, {
        delimiter,
        header: false,
        dynamicTyping: input.dynamicTyping,
        skipEmptyLines: true,
      });
      const errors = result.errors.map((error) => toRowError(error, input.header));
      if (!input.header) return ok({ rows: result.data, fields: null, errors });
      const records = toRecords(result.data, errors);
      return records ? ok(records) : err(outputTooLarge("csv"));
    } catch (error) {
      return err(invalidField("csv", `Invalid CSV: ${(error as Error).message}`));
    }
  },
});

/** Undefined when the records would repeat the header names past MAX_OUTPUT_CHARS. */
function toRecords(data: Cell[][], errors: RowError[]): CsvRows | undefined {
  const [headerRow = [], ...body] = data;
  const fields = uniqueNames(headerRow.map((cell) => String(cell ?? "")));
  const headerChars = fields.reduce((sum, field) => sum + field.length + 4, 0);
  if (body.length * headerChars > MAX_OUTPUT_CHARS) return undefined;
  const rows = body.map((cells, row) => {
    const record: Record<string, unknown> = Object.create(null);
    fields.forEach((field, column) => {
      if (column < cells.length) record[field] = cells[column];
    });
    if (cells.length > fields.length) record.__parsed_extra = cells.slice(fields.length);
    if (cells.length !== fields.length) errors.push(fieldCountError(row, fields.length, cells.length));
    return record;
  });
  return { rows, fields, errors };
}

/** With a header, rows count from the first data row; an error in the header row itself has row null. */
function toRowError(error: ParseError, header: boolean): RowError {
  const row = error.row === undefined || (header && error.row === 0) ? null : error.row - (header ? 1 : 0);
  return { row, code: error.code, message: error.message };
}

function fieldCountError(row: number, expected: number, parsed: number): RowError {
  const code = parsed < expected ? "TooFewFields" : "TooManyFields";
  const message = `Too ${parsed < expected ? "few" : "many"} fields: expected ${expected} fields but parsed ${parsed}`;
  return { row, code, message };
}
