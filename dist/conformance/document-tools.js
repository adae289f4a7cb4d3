import { isRecord } from "../adapters/http/openapi/json-schema-to-openapi.js";
import { resolvePointer, toJsonSchema } from "../adapters/http/openapi/openapi-to-json-schema.js";
import { operationOf } from "./expectations.js";
const CONCRETE_EXECUTE = /^\/execute\/([^/{}]+)$/;
/** Every concrete execute operation of the document, with its examples and input schema. */
export function toolsOf(document) {
    const tools = [];
    for (const path of Object.keys(document.paths)) {
        const id = CONCRETE_EXECUTE.exec(path)?.[1];
        const operation = id ? operationOf(document, path, "post") : undefined;
        if (!id || !operation)
            continue;
        const media = mediaOf(document, operation.requestBody);
        const requestSchema = toJsonSchema(media?.schema, document);
        const inputSchema = isRecord(requestSchema.properties) && isRecord(requestSchema.properties.input) ? requestSchema.properties.input : {};
        tools.push({ id, path, examples: examplesOf(document, operation, media), inputSchema });
    }
    return tools;
}
function examplesOf(document, operation, media) {
    const outputs = outputExamples(document, operation);
    const named = isRecord(media?.examples) ? Object.entries(media.examples) : [];
    const examples = [];
    for (const [name, raw] of named) {
        const example = isRecord(raw) && typeof raw.$ref === "string" ? resolvePointer(document, raw.$ref) : raw;
        if (!isRecord(example) || !isRecord(example.value) || !("input" in example.value))
            continue;
        examples.push({ title: typeof example.summary === "string" ? example.summary : name, input: example.value.input, output: outputs.get(name) });
    }
    if (examples.length === 0 && isRecord(media?.example) && "input" in media.example)
        examples.push({ title: "example", input: media.example.input });
    return examples;
}
/** The 200 examples of an operation by name: the output a request example of the same name must produce. */
function outputExamples(document, operation) {
    const responses = isRecord(operation.responses) ? operation.responses : {};
    const ok = isRecord(responses["200"]) && typeof responses["200"].$ref === "string" ? resolvePointer(document, responses["200"].$ref) : responses["200"];
    const media = isRecord(ok) ? mediaOf(document, ok) : undefined;
    const found = new Map();
    for (const [name, raw] of isRecord(media?.examples) ? Object.entries(media.examples) : []) {
        const value = isRecord(raw) ? raw.value : undefined;
        const data = isRecord(value) && isRecord(value.data) ? value.data : undefined;
        if (data && "output" in data)
            found.set(name, data.output);
    }
    return found;
}
function mediaOf(document, holder) {
    const resolved = isRecord(holder) && typeof holder.$ref === "string" ? resolvePointer(document, holder.$ref) : holder;
    const content = isRecord(resolved) && isRecord(resolved.content) ? resolved.content["application/json"] : undefined;
    return isRecord(content) ? content : undefined;
}
