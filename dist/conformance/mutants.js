const CONCRETE_EXECUTE = /^\/execute\/[^/{}]+$/;
const isExecute = (path) => /^\/api\/v1\/(execute\/[^/]+|tools\/[^/]+\/execute)$/.test(path);
function rewriteJson(answer, change) {
    if (!/json/.test(answer.headers.get("content-type") ?? ""))
        return;
    const body = JSON.parse(answer.body);
    change(body);
    answer.body = JSON.stringify(body);
}
/** The first concrete execute operation's path and its tool's output schema name (e.g. HashTextOutput). */
function firstTool(document) {
    const path = Object.keys(document.paths).find((candidate) => CONCRETE_EXECUTE.test(candidate));
    return { path, output: `${String(document.paths[path].post.operationId).replace(/^execute/, "")}Output` };
}
/** The faults the mutation test injects, one at a time, each as a deployment that differs in one way. */
export const MUTANTS = [
    {
        name: "an output field renamed",
        reported: /body does not match the documented schema/,
        answer: (answer, request) => {
            if (answer.status !== 200 || !isExecute(request.path))
                return;
            rewriteJson(answer, (body) => {
                const output = body.data?.output;
                const [first] = Object.keys(output ?? {});
                if (output && first)
                    body.data.output = Object.fromEntries(Object.entries(output).map(([key, value]) => [key === first ? `${key}Renamed` : key, value]));
            });
        },
    },
    {
        name: "an error envelope whose code differs from the status",
        reported: /envelope code \d+ differs from the HTTP status/,
        answer: (answer) => {
            if (answer.status >= 400)
                rewriteJson(answer, (body) => void (body.code = answer.status === 400 ? 422 : 400));
        },
    },
    {
        name: "X-Ratelimit-Remaining out of its documented range",
        reported: /header X-RateLimit-Remaining: "-1" does not match its documented schema/i,
        answer: (answer) => {
            if (answer.headers.has("x-ratelimit-remaining"))
                answer.headers.set("x-ratelimit-remaining", "-1");
        },
    },
    { name: "X-Ratelimit-Remaining missing", reported: /missing header.*X-RateLimit-Remaining/i, answer: (answer) => answer.headers.delete("x-ratelimit-remaining") },
    {
        name: "a 401 body that varies with the reason",
        reported: /the 401 body varies with the reason/,
        answer: (answer, request) => {
            const sentKey = request.headers["x-api-key"] !== undefined || request.headers.authorization !== undefined;
            if (answer.status === 401 && !sentKey && /^\/api\/v1\/(execute|tools|keys)\b/.test(request.path))
                rewriteJson(answer, (body) => void (body.message = "No API key was sent."));
        },
    },
    {
        name: "a 200 after the limit is spent",
        reported: /status: expected 429, got 200/,
        answer: (answer) => {
            if (answer.status !== 429)
                return;
            answer.status = 200;
            answer.headers.delete("retry-after");
            answer.body = JSON.stringify({ status: "success", code: 200, data: { output: {} } });
        },
    },
    {
        name: "a 500 on a valid input",
        reported: /status: expected 200, got 500/,
        answer: (answer, request) => {
            if (answer.status !== 200 || !isExecute(request.path))
                return;
            answer.status = 500;
            answer.body = JSON.stringify({ status: "error", code: 500, error_code: "internal_error", message: "An internal error occurred." });
        },
    },
    {
        name: "an undocumented status",
        reported: /undocumented status 410/,
        answer: (answer) => {
            if (answer.status !== 404)
                return;
            answer.status = 410;
            rewriteJson(answer, (body) => void (body.code = 410));
        },
    },
    {
        name: "a served document that promises an output field the server never sends",
        reported: /must have required property 'promisedField'/,
        document: (document) => {
            const output = document.components.schemas[firstTool(document).output];
            output.properties.promisedField = { type: "string" };
            output.required = [...(output.required ?? []), "promisedField"];
        },
    },
    {
        name: "a served document listing a tool the server does not have",
        reported: /ghost-tool[\s\S]*(undocumented status 404|expected 200, got 404)/,
        document: (document) => {
            const { path } = firstTool(document);
            // First in the paths, so a run that stops at the first failure meets it early.
            document.paths = { "/execute/ghost-tool": structuredClone(document.paths[path]), ...document.paths };
        },
    },
    {
        name: "a served document that is not OpenAPI 3.0.x",
        reported: /not OpenAPI 3\.0\.x/,
        document: (document) => void (document.openapi = "3.1.0"),
    },
    {
        name: "a served document with a broken $ref",
        reported: /not valid OpenAPI 3\.0/,
        document: (document) => void (document.paths["/health"].get.responses["200"] = { $ref: "#/components/responses/Missing" }),
    },
];
/** A harmless difference: one operation more than this checkout documents, which no case exercises. */
export const DRIFT_ONLY = {
    name: "an extra documented operation",
    document: (document) => {
        document.paths["/conformance-extra"] = { get: { summary: "Extra", responses: { "204": { description: "Nothing." } } } };
    },
};
