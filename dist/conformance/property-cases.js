import { caseFor, expectationOf, pinned } from "./expectations.js";
import { variantsOf } from "./input-variants.js";
/** 4xx answers that say nothing about the input: no key, or no requests left. */
const NOT_ABOUT_INPUT = new Set([401, 429]);
/**
 * Property cases for every execute operation. A schema-valid input must get 200, or 422 `invalid_input` where the
 * operation documents 422 (the tool's own refusal of a value its schema allows, such as a malformed regex; the
 * contract names 422 for "the tool refuses the value"). A schema-invalid input must get 422 or another documented
 * 4xx that is about the request. Nothing may get a 5xx.
 */
export function propertyCases(options) {
    const perTool = options.tools.map((tool, index) => ({ tool, variants: variantsOf(tool.inputSchema, options.seed + index * 7919) }));
    const cases = [];
    for (let round = 0; cases.length < options.maxCases; round++) {
        const batch = perTool.filter(({ variants }) => round < variants.length);
        if (batch.length === 0)
            break;
        for (const { tool, variants } of batch) {
            if (cases.length >= options.maxCases)
                break;
            const variant = variants[round];
            cases.push(caseOf(options.document, tool, variant.kind, variant.input, variant.valid, round));
        }
    }
    return cases;
}
function caseOf(document, tool, kind, input, valid, round) {
    const base = caseFor(document, {
        id: `${tool.id}.property-${round + 1}`,
        title: `${tool.id}: ${valid ? "valid" : "invalid"} input (${kind})`,
        method: "POST",
        path: tool.path,
        docPath: tool.path,
        auth: "key",
        body: { type: "application/json", value: { input } },
        status: valid ? 200 : 422,
        ...(valid ? {} : { errorCode: "invalid_input" }),
    });
    const refusal = expectationOf(document, tool.path, "POST", 422);
    const alternatives = valid
        ? refusal
            ? [{ ...refusal, bodySchema: pinned(refusal.bodySchema, { errorCode: "invalid_input" }) }]
            : []
        : base.documented
            .filter((status) => status >= 400 && status < 500 && status !== 422 && !NOT_ABOUT_INPUT.has(status))
            .flatMap((status) => expectationOf(document, tool.path, "POST", status) ?? []);
    return { ...base, alternatives };
}
