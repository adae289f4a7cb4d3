import SwaggerParser from "@apidevtools/swagger-parser";
import { isRecord } from "../adapters/http/openapi/json-schema-to-openapi.js";
/** Where a deployment serves its document. */
export const DOCUMENT_PATH = "/api/v1/openapi.json";
/**
 * Fetches the deployment's OpenAPI document and validates it as OpenAPI 3.0.x (swagger-parser: structure and
 * $refs). Throws with a plain message when it is missing, not JSON, not 3.0.x or invalid: nothing can be judged then.
 */
export async function loadServedDocument(baseUrl) {
    const response = await fetch(`${baseUrl}${DOCUMENT_PATH}`, { headers: { accept: "application/json" } });
    if (response.status !== 200)
        throw new Error(`GET ${DOCUMENT_PATH} answered ${response.status}; is --base-url a deployment of this API?`);
    let document;
    try {
        document = await response.json();
    }
    catch {
        throw new Error(`GET ${DOCUMENT_PATH} is not JSON`);
    }
    if (!isRecord(document) || typeof document.openapi !== "string" || !/^3\.0\.\d+$/.test(document.openapi)) {
        throw new Error(`the served document is not OpenAPI 3.0.x (openapi: ${isRecord(document) ? String(document.openapi) : "missing"})`);
    }
    try {
        // validate() dereferences its argument in place: hand it a copy, keep the $refs for the drift report.
        await SwaggerParser.validate(structuredClone(document));
    }
    catch (error) {
        throw new Error(`the served document is not valid OpenAPI 3.0: ${error.message.split("\n")[0]}`);
    }
    return document;
}
/**
 * The largest body the deployment accepts, where its document states it (`x-max-body-bytes` on `info` or on an
 * execute operation's request body); undefined when it does not.
 */
export function bodyLimitOf(document) {
    const candidates = [isRecord(document.info) ? document.info["x-max-body-bytes"] : undefined];
    const operation = document.paths["/execute/{tool}"]?.post;
    if (isRecord(operation) && isRecord(operation.requestBody))
        candidates.push(operation.requestBody["x-max-body-bytes"]);
    return candidates.find((value) => typeof value === "number" && Number.isInteger(value) && value > 0);
}
