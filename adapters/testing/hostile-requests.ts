// The requests of issue 17's "What was seen" (each one froze or killed the server), plus more of the same kinds
// on the other parsers. Each stays inside the 1 MiB default body limit and the schema's field caps as of that issue.

/** One execute request: the tool id and its `input`. */
export interface HostileRequest {
  readonly label: string;
  readonly tool: string;
  readonly input: Record<string, unknown>;
}

const deepJson = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const deepXml = (depth: number) => "<a>".repeat(depth) + "</a>".repeat(depth);
const manyAttributes = (count: number) => `<r ${Array.from({ length: count }, (_, i) => `a${i}="1"`).join(" ")}/>`;
/** 3,000 objects with one distinct key each: every row gets 3,000 columns (the quadratic 9 MB answer of the issue). */
const distinctKeys = JSON.stringify(Array.from({ length: 3000 }, (_, i) => ({ [`k${i}`]: i })));
const longText = "x".repeat(2048);

export const hostileRequests: readonly HostileRequest[] = [
  // Seen in issue 17.
  { label: "yaml 500k-deep flow sequence", tool: "yaml-to-json", input: { yaml: deepJson(500_000) } },
  { label: "yaml 500k-deep flow sequence, again", tool: "yaml-to-json", input: { yaml: deepJson(500_000) } },
  { label: "math sum over 1e8 range", tool: "math-evaluator", input: { expression: "sum(1:100000000)" } },
  { label: "math 10k×10k matrix", tool: "math-evaluator", input: { expression: "size(zeros(10000,10000))" } },
  { label: "csv 20k duplicate headers", tool: "csv-to-json", input: { csv: "a,".repeat(19_999) + "a\n" } },
  { label: "csv 200k duplicate headers", tool: "csv-to-json", input: { csv: "a,".repeat(199_999) + "a\n" } },
  { label: "markdown 1M open brackets", tool: "markdown-to-html", input: { markdown: "[".repeat(1_048_000) } },
  { label: "sql 60k nested parentheses", tool: "sql-formatter", input: { sql: "SELECT " + "(".repeat(60_000) + "1" + ")".repeat(60_000) } },
  { label: "regex program blow-up", tool: "regex-tester", input: { pattern: "a{0,1000}".repeat(110) + "b", text: "a".repeat(10_000) } },
  { label: "json 500k-deep array", tool: "json-formatter", input: { json: deepJson(500_000) } },
  { label: "json→yaml 500k-deep", tool: "json-to-yaml", input: { json: deepJson(500_000) } },
  { label: "json→toml 500k-deep", tool: "json-to-toml", input: { json: deepJson(500_000) } },
  { label: "json→xml 500k-deep", tool: "json-to-xml", input: { json: deepJson(500_000) } },
  { label: "xml 60k attributes", tool: "xml-to-json", input: { xml: manyAttributes(60_000) } },
  { label: "qr png at max scale", tool: "qr-code-generator", input: { text: longText, format: "png", scale: 20, margin: 16, errorCorrectionLevel: "L" } },
  { label: "json→csv 3000 distinct keys", tool: "json-to-csv", input: { json: distinctKeys } },
  // More of the same kinds on the other parsers.
  { label: "json minify 500k-deep", tool: "json-minify", input: { json: deepJson(500_000) } },
  { label: "json diff 250k-deep each side", tool: "json-diff", input: { left: deepJson(250_000), right: deepJson(249_999) } },
  { label: "toml 300k-deep inline arrays", tool: "toml-to-json", input: { toml: "a = " + deepJson(300_000) } },
  { label: "xml 100k-deep elements", tool: "xml-to-json", input: { xml: deepXml(100_000) } },
  { label: "xml formatter 100k-deep", tool: "xml-formatter", input: { xml: deepXml(100_000) } },
  { label: "markdown 500k nested quotes", tool: "markdown-to-html", input: { markdown: ">".repeat(500_000) + " x" } },
  { label: "markdown 100k nested emphasis", tool: "markdown-to-html", input: { markdown: "*a ".repeat(100_000) + "b" + " a*".repeat(100_000) } },
  { label: "sql 15k nested subqueries", tool: "sql-formatter", input: { sql: "SELECT * FROM (".repeat(15_000) + "t" + ")".repeat(15_000) } },
  { label: "regex catastrophic backtracking", tool: "regex-tester", input: { pattern: "^(a+)+$", text: "a".repeat(40_000) + "b" } },
  { label: "math 1e9 range product", tool: "math-evaluator", input: { expression: "prod(1:1000000000)" } },
  { label: "math huge factorial", tool: "math-evaluator", input: { expression: "factorial(100000)" } },
  { label: "wifi qr png at max", tool: "wifi-qr-code-generator", input: { ssid: "s".repeat(32), password: "p".repeat(63), format: "png", errorCorrectionLevel: "H" } },
  { label: "pdf417 barcode at max", tool: "barcode-generator", input: { text: "x".repeat(256), type: "pdf417", scale: 10, height: 100 } },
  { label: "datamatrix barcode at max", tool: "barcode-generator", input: { text: "x".repeat(256), type: "datamatrix", scale: 10, height: 100 } },
];
