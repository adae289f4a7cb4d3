/**
 * The Dredd input: one OpenAPI operation per case, so each case is exactly one transaction with its own request
 * example (Dredd 14 sends only the first example of a media type, and pairs it with every documented response).
 * Operations that share a route differ by `?case=<id>`, which the server ignores. The published document stays
 * clean; this one is generated from it for each run.
 */
export function toDreddDocument(cases) {
    const paths = {};
    for (const testCase of cases) {
        const key = `/api/v1${testCase.path}?case=${testCase.id}`;
        if (key in paths)
            throw new Error(`duplicate conformance case ${testCase.id}`);
        const response = {
            description: testCase.title,
            // Dredd checks that each listed header is present; values vary, so none is given.
            headers: Object.fromEntries(testCase.headers.map((name) => [name, { description: name }])),
            content: { "application/json": {} },
        };
        paths[key] = {
            [testCase.method.toLowerCase()]: {
                summary: testCase.title,
                ...(testCase.body ? { requestBody: { content: { [testCase.body.type]: { example: testCase.body.value } } } } : {}),
                responses: { [String(testCase.status)]: response },
            },
        };
    }
    return { openapi: "3.0.3", info: { title: "Tool execution API: conformance transactions", version: "1" }, paths };
}
/**
 * JSON text that Dredd's YAML-based parser reads back with the same values: YAML 1.1 takes `5e-324` (an exponent
 * without a dot, as JSON.stringify writes it) for a string, so such numbers are written `5.0e-324`.
 */
export function toDreddJson(value) {
    if (typeof value === "number") {
        const text = JSON.stringify(value);
        return /e/i.test(text) && !text.includes(".") ? text.replace(/e/i, ".0e") : text;
    }
    if (Array.isArray(value))
        return `[${value.map(toDreddJson).join(",")}]`;
    if (value !== null && typeof value === "object") {
        const members = Object.entries(value).filter(([, member]) => member !== undefined);
        return `{${members.map(([key, member]) => `${JSON.stringify(key)}:${toDreddJson(member)}`).join(",")}}`;
    }
    return JSON.stringify(value);
}
/** The case id a transaction carries in its URI. */
export function caseIdOf(uri) {
    return new URL(uri, "http://conformance.invalid").searchParams.get("case") ?? undefined;
}
