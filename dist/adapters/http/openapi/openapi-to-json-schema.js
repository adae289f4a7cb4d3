import { isRecord } from "./json-schema-to-openapi.js";
/** Formats OpenAPI defines for documentation only; JSON Schema validators do not know them. */
const OPENAPI_ONLY_FORMATS = new Set(["int32", "int64", "float", "double", "password"]);
/**
 * Turns an OpenAPI 3.0 Schema Object of `document` into a self-contained draft-07 JSON Schema: local `$ref`s are
 * inlined, `nullable` becomes a `null` type, boolean `exclusiveMinimum`/`exclusiveMaximum` become numbers.
 * For validators that speak JSON Schema, not OpenAPI (Dredd's gavel, ajv).
 */
export function toJsonSchema(schema, document, seen = []) {
    if (!isRecord(schema))
        return {};
    if (typeof schema.$ref === "string") {
        if (seen.includes(schema.$ref))
            throw new Error(`recursive $ref ${schema.$ref}`);
        return toJsonSchema(resolvePointer(document, schema.$ref), document, [...seen, schema.$ref]);
    }
    const out = {};
    const convert = (sub) => toJsonSchema(sub, document, seen);
    for (const [keyword, value] of Object.entries(schema)) {
        if (keyword === "nullable" || keyword === "example" || keyword.startsWith("x-"))
            continue;
        if (keyword === "format" && OPENAPI_ONLY_FORMATS.has(value))
            continue;
        if (keyword === "properties" && isRecord(value)) {
            out.properties = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, convert(sub)]));
        }
        else if ((keyword === "items" || keyword === "not" || keyword === "additionalProperties") && isRecord(value)) {
            out[keyword] = convert(value);
        }
        else if ((keyword === "allOf" || keyword === "anyOf" || keyword === "oneOf") && Array.isArray(value)) {
            out[keyword] = value.map(convert);
        }
        else {
            out[keyword] = structuredClone(value);
        }
    }
    for (const [exclusive, bound] of [["exclusiveMinimum", "minimum"], ["exclusiveMaximum", "maximum"]]) {
        if (out[exclusive] === true) {
            out[exclusive] = out[bound];
            delete out[bound];
        }
        else if (out[exclusive] === false)
            delete out[exclusive];
    }
    if (schema.nullable === true)
        allowNull(out);
    return out;
}
function allowNull(out) {
    if (typeof out.type === "string")
        out.type = [out.type, "null"];
    if (Array.isArray(out.enum) && !out.enum.includes(null))
        out.enum = [...out.enum, null];
}
/** The value at a local JSON Pointer reference such as `#/components/schemas/Error`. */
export function resolvePointer(document, ref) {
    let node = document;
    for (const raw of ref.replace(/^#\//, "").split("/")) {
        const segment = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
        node = isRecord(node) ? node[segment] : undefined;
    }
    if (!isRecord(node))
        throw new Error(`unresolved $ref ${ref}`);
    return node;
}
