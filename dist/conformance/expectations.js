import { isRecord } from "../adapters/http/openapi/json-schema-to-openapi.js";
import { resolvePointer, toJsonSchema } from "../adapters/http/openapi/openapi-to-json-schema.js";
/** The operation object of `method path`, if the document has it. */
export function operationOf(document, path, method) {
    const operation = document.paths[path]?.[method.toLowerCase()];
    return isRecord(operation) ? operation : undefined;
}
/** The statuses the document lists for an operation. */
export function documentedStatuses(document, path, method) {
    const responses = operationOf(document, path, method)?.responses;
    return isRecord(responses) ? Object.keys(responses).map(Number).filter(Number.isInteger) : [];
}
/**
 * What the document promises for `method path → status`: the header names and the body schema. Undefined when it
 * does not list that status, so an answer with it can only be an undocumented one.
 */
export function expectationOf(document, path, method, status) {
    const responses = operationOf(document, path, method)?.responses;
    const listed = isRecord(responses) ? responses[String(status)] : undefined;
    if (!isRecord(listed))
        return undefined;
    const response = typeof listed.$ref === "string" ? resolvePointer(document, listed.$ref) : listed;
    const headers = Object.entries(isRecord(response.headers) ? response.headers : {}).map(([name, raw]) => {
        const header = isRecord(raw) && typeof raw.$ref === "string" ? resolvePointer(document, raw.$ref) : raw;
        return { name, required: isRecord(header) && header.required === true, schema: isRecord(header) ? toJsonSchema(header.schema, document) : {} };
    });
    const content = isRecord(response.content) ? response.content["application/json"] : undefined;
    const bodySchema = isRecord(content) ? toJsonSchema(content.schema, document) : {};
    return { status, headers, bodySchema };
}
/** `schema`, plus an exact value where one is known (an error_code, a tool's example output). */
export function pinned(schema, pin) {
    const parts = [schema];
    if (pin?.errorCode)
        parts.push({ properties: { error_code: { enum: [pin.errorCode] } } });
    if (pin && pin.output !== undefined)
        parts.push({ properties: { data: { properties: { output: { enum: [pin.output] } } } } });
    return parts.length === 1 ? schema : { allOf: parts };
}
/**
 * A case for `method docPath → status` at `path`, with the document's expectations. An operation the document
 * lacks is skipped (drift reports it); a status it lacks stays a case that no answer can pass.
 */
export function caseFor(document, spec) {
    const { errorCode, output, ...rest } = spec;
    const documented = documentedStatuses(document, spec.docPath, spec.method);
    if (documented.length === 0)
        return { ...rest, documented, headers: [], bodySchema: {}, skip: rest.skip ?? `the served document has no ${spec.method} ${spec.docPath}` };
    const expected = expectationOf(document, spec.docPath, spec.method, spec.status);
    const headers = expected?.headers ?? [];
    return { ...rest, documented, headers, bodySchema: pinned(expected?.bodySchema ?? {}, { errorCode, output }) };
}
