import { isRecord } from "../adapters/http/openapi/json-schema-to-openapi.js";
import { resolvePointer, toJsonSchema } from "../adapters/http/openapi/openapi-to-json-schema.js";
/** Formats gavel's ajv 6 knows; others are dropped from body schemas rather than failing every check. */
const GAVEL_FORMATS = new Set(["date", "time", "date-time", "uri", "uri-reference", "uri-template", "url", "email", "hostname", "ipv4", "ipv6", "regex", "uuid", "json-pointer", "relative-json-pointer"]);
/**
 * What the published document promises for `method path → status`: the header names and the body schema.
 * Throws when the document does not list that status, so the suite only ever tests documented answers.
 */
export function expectationOf(document, path, method, status) {
    const operation = document.paths[path]?.[method.toLowerCase()];
    const listed = isRecord(operation) && isRecord(operation.responses) ? operation.responses[String(status)] : undefined;
    if (!isRecord(listed))
        throw new Error(`the document does not list ${status} for ${method} ${path}`);
    const response = typeof listed.$ref === "string" ? resolvePointer(document, listed.$ref) : listed;
    const headers = isRecord(response.headers) ? Object.keys(response.headers) : [];
    const content = isRecord(response.content) ? response.content["application/json"] : undefined;
    const schema = isRecord(content) ? toJsonSchema(content.schema, document) : {};
    return { headers, schema };
}
/** `schema`, plus an exact value where one is known (an error_code, a tool's example output). */
export function pinned(schema, pin) {
    const parts = [schema];
    if (pin?.errorCode)
        parts.push({ properties: { error_code: { enum: [pin.errorCode] } } });
    if (pin && "output" in pin && pin.output !== undefined)
        parts.push({ properties: { data: { properties: { output: { enum: [pin.output] } } } } });
    return forGavel(parts.length === 1 ? schema : { allOf: parts });
}
/** Declares draft-07 (gavel guesses draft-04 otherwise) and drops formats its validator does not know. */
function forGavel(schema) {
    const strip = (node) => {
        if (Array.isArray(node))
            return node.map(strip);
        if (!isRecord(node))
            return node;
        return Object.fromEntries(Object.entries(node)
            .filter(([key, value]) => key !== "format" || typeof value !== "string" || GAVEL_FORMATS.has(value))
            .map(([key, value]) => [key, key === "enum" || key === "const" || key === "default" ? value : strip(value)]));
    };
    return { $schema: "http://json-schema.org/draft-07/schema#", ...strip(schema) };
}
/** A case for `method docPath → status` at `path`, with the document's expectations. */
export function caseFor(document, spec) {
    const { docPath, errorCode, output, ...rest } = spec;
    const { headers, schema } = expectationOf(document, docPath, spec.method, spec.status);
    return { ...rest, headers, bodySchema: pinned(schema, { errorCode, output }) };
}
