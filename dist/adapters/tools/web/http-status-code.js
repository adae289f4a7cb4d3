import { STATUS_CODES } from "node:http";
import { ok } from "../../../domain/result.js";
import { defineTool } from "../../../domain/tool.js";
const CATEGORIES = ["informational", "success", "redirection", "client-error", "server-error"];
/** Phrases are Node's table (RFC 9110 plus common registered extensions); the class follows from the first digit. */
export const httpStatusCode = defineTool({
    id: "http-status-code",
    name: "HTTP Status Code",
    category: "web",
    description: "Reason phrase and class (1xx–5xx) of an HTTP status code.",
    input: {
        type: "object",
        required: ["code"],
        additionalProperties: false,
        properties: { code: { type: "integer", minimum: 100, maximum: 599 } },
    },
    output: {
        type: "object",
        required: ["code", "reasonPhrase", "category", "known"],
        additionalProperties: false,
        properties: {
            code: { type: "integer" },
            reasonPhrase: { type: ["string", "null"] },
            category: { type: "string", enum: CATEGORIES },
            known: { type: "boolean" },
        },
    },
    examples: [
        {
            title: "404 Not Found",
            source: "RFC 9110 §15.5.5; python3 http.HTTPStatus(404).phrase",
            input: { code: 404 },
            output: { code: 404, reasonPhrase: "Not Found", category: "client-error", known: true },
        },
        {
            title: "308 Permanent Redirect",
            source: "RFC 9110 §15.4.9; python3 http.HTTPStatus(308).phrase",
            input: { code: 308 },
            output: { code: 308, reasonPhrase: "Permanent Redirect", category: "redirection", known: true },
        },
        {
            title: "503 Service Unavailable",
            source: "RFC 9110 §15.6.4; python3 http.HTTPStatus(503).phrase",
            input: { code: 503 },
            output: { code: 503, reasonPhrase: "Service Unavailable", category: "server-error", known: true },
        },
        {
            title: "An unassigned code still has a class",
            source: "RFC 9110 §15 (the first digit defines the class); 299 is unassigned in the IANA registry",
            input: { code: 299 },
            output: { code: 299, reasonPhrase: null, category: "success", known: false },
        },
    ],
    run: ({ code }) => {
        const reasonPhrase = STATUS_CODES[code] ?? null;
        const category = CATEGORIES[Math.floor(code / 100) - 1];
        return ok({ code, reasonPhrase, category, known: reasonPhrase !== null });
    },
});
