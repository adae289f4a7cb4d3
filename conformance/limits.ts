import { MAX_REGEX_PROGRAM, MAX_REGEX_WORK } from "../adapters/tools/dev/regex-limits.ts";

/**
 * Bounds on everything a deployment under test sends, so that a hostile one ends the run with a named failure
 * instead of a hang or an exhausted machine. Measured on this checkout's own document for scale: 0.5 MB, 22,779
 * JSON nodes, 184,580 once every $ref is inlined (1,820 for the largest operation), 24 levels deep, no `minLength`,
 * `minItems` or `minProperties` above 60, patterns of at most ≈ 500 RE2 instructions.
 */
export interface ConformanceLimits {
  /** The served document's size. */
  readonly documentBytes: number;
  /** Each other answer's body. */
  readonly answerBytes: number;
  /** One request, from connecting to the answer's last byte; above a tool's 10 s time cap plus queueing. */
  readonly requestMs: number;
  /** The whole run, from start to report. */
  readonly runMs: number;
  /** JSON nodes of the document with every $ref inlined (schema validation walks that tree). */
  readonly schemaNodes: number;
  /** The same for one operation: its cases inline its schemas once each. */
  readonly operationNodes: number;
  /** Nesting depth of the document, $refs inlined. */
  readonly schemaDepth: number;
  /** Largest `minLength`, `minItems` or `minProperties`: the property cases build values that long. */
  readonly schemaLength: number;
}

export const DEFAULT_LIMITS: ConformanceLimits = {
  documentBytes: 10 * 1024 * 1024,
  answerBytes: 1024 * 1024,
  requestMs: 20_000,
  runMs: 600_000,
  schemaNodes: 2_000_000,
  operationNodes: 50_000,
  schemaDepth: 64,
  schemaLength: 65_536,
};

/**
 * The document's patterns run on RE2 under the regex-tester tool's bounds (not options: one engine per process):
 * each pattern's program, all distinct patterns together (re2js compiles ≈ 7 µs an instruction, so ≈ 1.4 s), and
 * program size × text length for one evaluation (well under a second).
 */
export const PATTERN_LIMITS = { program: MAX_REGEX_PROGRAM, total: 10 * MAX_REGEX_PROGRAM, work: MAX_REGEX_WORK } as const;

/** Something that ends the run: what was checked, what was expected, what came instead. Never carries a key. */
export class RunFailure extends Error {
  constructor(
    readonly title: string,
    readonly expected: string,
    actual: string,
  ) {
    super(actual);
    this.name = "RunFailure";
  }
}

/** The flag that sets each limit, where there is one. */
const FLAGS: Partial<Record<keyof ConformanceLimits, string>> = {
  documentBytes: "--max-document-bytes",
  answerBytes: "--max-answer-bytes",
  requestMs: "--request-timeout",
  runMs: "--run-timeout",
};

/** The failure for a limit that was hit: its name and value in the title, what passed it in `actual`. */
export function limitFailure(limit: keyof typeof LABELS, value: number, actual: string): RunFailure {
  const flag = limit in FLAGS ? `, ${FLAGS[limit as keyof ConformanceLimits]}` : "";
  return new RunFailure(`the ${LABELS[limit]} limit (${shown(limit, value)}${flag})`, `${EXPECTED[limit]} ${shown(limit, value)}`, actual);
}

const LABELS = {
  documentBytes: "document size",
  answerBytes: "answer size",
  requestMs: "request time",
  runMs: "run time",
  schemaNodes: "schema size",
  operationNodes: "operation schema size",
  schemaDepth: "schema depth",
  schemaLength: "schema length",
  patternProgram: "pattern size",
  patternTotal: "total pattern size",
  patternWork: "pattern work",
} as const;

const EXPECTED: Record<keyof typeof LABELS, string> = {
  documentBytes: "a served document of at most",
  answerBytes: "every answer at most",
  requestMs: "every request answered in full within",
  runMs: "the whole run within",
  schemaNodes: "the document, $refs inlined, within",
  operationNodes: "each operation, $refs inlined, within",
  schemaDepth: "the document, $refs inlined, nested at most",
  schemaLength: "minLength, minItems and minProperties at most",
  patternProgram: "every pattern compiled to at most",
  patternTotal: "all distinct patterns compiled to at most",
  patternWork: "pattern size × text length at most",
};

function shown(limit: keyof typeof LABELS, value: number): string {
  if (limit === "documentBytes" || limit === "answerBytes") return value % 1_048_576 === 0 ? `${value / 1_048_576} MiB` : `${value} bytes`;
  if (limit === "requestMs" || limit === "runMs") return `${value / 1000} s`;
  if (limit === "schemaNodes" || limit === "operationNodes") return `${value.toLocaleString("en-US")} nodes`;
  if (limit === "schemaDepth") return `${value} levels`;
  if (limit === "patternProgram" || limit === "patternTotal") return `${value.toLocaleString("en-US")} RE2 instructions`;
  return value.toLocaleString("en-US");
}
