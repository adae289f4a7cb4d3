import { invalidField } from "../../../domain/errors.ts";
import { quote } from "../../../domain/excerpt.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { cappedOutput } from "../output-cap.ts";
import { MAX_CSV_CELLS, MAX_CSV_COLUMNS } from "./csv-limits.ts";
import { isJsonObject, parseJsonField } from "./json-text.ts";
import { lazy } from "../lazy.ts";

const loadPapa = lazy(async () => (await import("papaparse")).default);

type Cell = string | number | boolean | null;

/** The header is every key in order of first appearance; a missing key or null is an empty cell. */
export const jsonToCsv = defineTool({
  id: "json-to-csv",
  name: "JSON to CSV",
  category: "json/data",
  worker: true,
  description: "Convert an array of flat JSON objects to CSV.",
  input: {
    type: "object",
    required: ["json"],
    additionalProperties: false,
    properties: {
      json: { type: "string", maxLength: 1_048_576, "x-tool-checks": "JSON text: an array of objects" },
      delimiter: { type: "string", enum: [",", ";", "\t", "|"], default: "," },
      newline: { type: "string", enum: ["\r\n", "\n"], default: "\r\n" },
      escapeFormulae: { type: "boolean", default: true },
    },
  },
  output: {
    type: "object",
    required: ["csv"],
    additionalProperties: false,
    properties: { csv: { type: "string" } },
  },
  examples: [
    {
      title: "Quotes cells holding the delimiter or a quote",
      source: "python3 csv.writer (QUOTE_MINIMAL, lineterminator='\\r\\n'), RFC 4180 quoting; papaparse writes no final line break",
      input: { json: '[{"name":"Ada","note":"math, code"},{"name":"Alan","note":"said \\"hi\\""}]', delimiter: ",", newline: "\r\n", escapeFormulae: true },
      output: { csv: 'name,note\r\nAda,"math, code"\r\nAlan,"said ""hi"""' },
    },
    {
      title: "Union of keys, missing cells left empty, semicolon delimiter",
      source: "python3 csv.DictWriter(fieldnames=union of keys, delimiter=';', lineterminator='\\n', restval=''); no final line break",
      input: { json: '[{"a":1,"b":2},{"b":3,"c":4}]', delimiter: ";", newline: "\n", escapeFormulae: true },
      output: { csv: "a;b;c\n1;2;\n;3;4" },
    },
    {
      title: "Formula-looking cells are neutralised",
      source: "OWASP CSV Injection: prefix cells starting with = + - @ with a single quote (papaparse also quotes them)",
      input: { json: '[{"cell":"=HYPERLINK(\\"http://x\\")"},{"cell":"@SUM(A1)"}]', delimiter: ",", newline: "\r\n", escapeFormulae: true },
      output: { csv: 'cell\r\n"\'=HYPERLINK(""http://x"")"\r\n"\'@SUM(A1)"' },
    },
  ],
  run: async (input: { json: string; delimiter: string; newline: string; escapeFormulae: boolean }) => {
    const parsed = parseJsonField(input.json, "json");
    if (!parsed.ok) return parsed;
    const rows = parsed.value;
    if (!Array.isArray(rows) || !rows.every(isJsonObject)) {
      return err(invalidField("json", "CSV needs a JSON array of objects."));
    }
    const fields = new Set<string>();
    for (const [index, row] of rows.entries()) {
      for (const [key, value] of Object.entries(row)) {
        if (typeof value === "object" && value !== null) {
          return err(invalidField("json", `Row ${index} key ${quote(key)} holds an object or array; CSV cells must be flat.`));
        }
        fields.add(key);
      }
    }
    // Every row gets a cell for every key: the table grows as rows × distinct keys, so it is bounded before it is built.
    if (fields.size > MAX_CSV_COLUMNS) return err(invalidField("json", `The rows have more than ${MAX_CSV_COLUMNS} distinct keys (columns).`));
    if ((rows.length + 1) * fields.size > MAX_CSV_CELLS) {
      return err(invalidField("json", `The table would have more than ${MAX_CSV_CELLS} cells (rows × columns).`));
    }
    const header = [...fields];
    const data = rows.map((row) => header.map((field) => (row[field] ?? null) as Cell));
    const { delimiter, newline, escapeFormulae } = input;
    const Papa = await loadPapa();
    const csv = cappedOutput(Papa.unparse({ fields: header, data }, { delimiter, newline, escapeFormulae }), "json");
    return csv.ok ? ok({ csv: csv.value }) : csv;
  },
});
