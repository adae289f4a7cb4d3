import { excerpt } from "../domain/excerpt.ts";
import type { DocumentTool } from "./document-tools.ts";
import { caseFor, type ConformanceCase, type Document, type Expectation, expectationOf, pinned } from "./expectations.ts";
import { type Variant, variantsOf } from "./input-variants.ts";
import { refusalPathPattern, toolCheckedMembers } from "./tool-checked.ts";

export interface PropertyOptions {
  readonly document: Document;
  readonly tools: readonly DocumentTool[];
  readonly seed: number;
  /** At most this many cases in all, spread over the tools round by round. */
  readonly maxCases: number;
}

/** The most characters of a request body a case title quotes. */
const MAX_BODY_SHOWN = 300;

/** 4xx answers that say nothing about the input: no key, or no requests left. */
const NOT_ABOUT_INPUT = new Set([401, 429]);

/**
 * Property cases for every execute operation. A schema-valid input must get 200, or 422 `invalid_input` about a
 * member marked `x-tool-checks` (the tool's own refusal of text it parses, such as a malformed regex; the contract
 * names 422 for "the tool refuses the value"): any other refusal means the document calls valid a body the server
 * refuses. A schema-invalid input must get 422 or another documented 4xx that is about the request. Nothing may get a 5xx.
 */
export function propertyCases(options: PropertyOptions): ConformanceCase[] {
  const perTool = options.tools.map((tool, index) => {
    const checked = toolCheckedMembers(options.document, tool.path);
    const examples = tool.examples.map((example) => example.input);
    return { tool, checked, variants: variantsOf(tool.inputSchema, options.seed + index * 7919, { members: checked, examples }) };
  });
  const cases: ConformanceCase[] = [];
  for (let round = 0; cases.length < options.maxCases; round++) {
    const batch = perTool.filter(({ variants }) => round < variants.length);
    if (batch.length === 0) break;
    for (const { tool, checked, variants } of batch) {
      if (cases.length >= options.maxCases) break;
      const variant = variants[round];
      cases.push(caseOf(options.document, tool, checked, variant, round));
    }
  }
  return cases;
}

function caseOf(document: Document, tool: DocumentTool, checked: readonly (readonly string[])[], variant: Variant, round: number): ConformanceCase {
  const { kind, input, valid } = variant;
  const base = caseFor(document, {
    id: `${tool.id}.property-${round + 1}`,
    // A valid body the server refuses is the document's broken promise: the title shows the body to reproduce it.
    title: valid ? `${tool.id}: valid input (${kind}) ${excerpt(JSON.stringify({ input }), MAX_BODY_SHOWN)}` : `${tool.id}: invalid input (${kind})`,
    method: "POST",
    path: tool.path,
    docPath: tool.path,
    auth: "key",
    body: { type: "application/json", value: { input } },
    status: valid ? 200 : 422,
    ...(valid ? {} : { errorCode: "invalid_input" }),
  });
  const alternatives: Expectation[] = valid
    ? checkedRefusal(document, tool, checked)
    : base.documented
        .filter((status) => status >= 400 && status < 500 && status !== 422 && !NOT_ABOUT_INPUT.has(status))
        .flatMap((status) => expectationOf(document, tool.path, "POST", status) ?? []);
  return { ...base, alternatives };
}

/**
 * The one refusal a schema-valid body may get: 422 `invalid_input` whose every detail points at a member the
 * document marks `x-tool-checks`. A tool without such members must accept every body its schema allows.
 */
function checkedRefusal(document: Document, tool: DocumentTool, checked: readonly (readonly string[])[]): Expectation[] {
  const refusal = expectationOf(document, tool.path, "POST", 422);
  if (!refusal || checked.length === 0) return [];
  const details = { type: "array", minItems: 1, items: { type: "object", required: ["path"], properties: { path: { type: "string", pattern: refusalPathPattern(checked) } } } };
  const located = { type: "object", required: ["details"], properties: { details } };
  return [{ ...refusal, bodySchema: { allOf: [pinned(refusal.bodySchema, { errorCode: "invalid_input" }), located] } }];
}
