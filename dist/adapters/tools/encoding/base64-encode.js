import { ok } from "../../../domain/result.js";
import { defineTool } from "../../../domain/tool.js";
export const base64Encode = defineTool({
    id: "base64-encode",
    name: "Base64 Encode",
    category: "encoding",
    description: "Encode UTF-8 text as Base64, or as unpadded base64url when urlSafe is set.",
    input: {
        type: "object",
        required: ["text"],
        additionalProperties: false,
        properties: {
            text: { type: "string", maxLength: 1_048_576 },
            urlSafe: { type: "boolean", default: false },
        },
    },
    output: {
        type: "object",
        required: ["base64"],
        additionalProperties: false,
        properties: { base64: { type: "string", pattern: "^[A-Za-z0-9+/_-]*={0,2}$" } },
    },
    examples: [
        {
            title: "RFC 4648 vector: empty string",
            source: "RFC 4648 section 10",
            input: { text: "", urlSafe: false },
            output: { base64: "" },
        },
        {
            title: "RFC 4648 vector: f",
            source: "RFC 4648 section 10",
            input: { text: "f", urlSafe: false },
            output: { base64: "Zg==" },
        },
        {
            title: "RFC 4648 vector: fo",
            source: "RFC 4648 section 10",
            input: { text: "fo", urlSafe: false },
            output: { base64: "Zm8=" },
        },
        {
            title: "RFC 4648 vector: foob",
            source: "RFC 4648 section 10",
            input: { text: "foob", urlSafe: false },
            output: { base64: "Zm9vYg==" },
        },
        {
            title: "RFC 4648 vector: foobar",
            source: "RFC 4648 section 10",
            input: { text: "foobar", urlSafe: false },
            output: { base64: "Zm9vYmFy" },
        },
        {
            title: "URL-safe alphabet without padding",
            source: "python3 base64.urlsafe_b64encode('Man is?>~ 😀'.encode()).rstrip(b'=')",
            input: { text: "Man is?>~ 😀", urlSafe: true },
            output: { base64: "TWFuIGlzPz5-IPCfmIA" },
        },
    ],
    run: ({ text, urlSafe }) => ok({ base64: Buffer.from(text, "utf8").toString(urlSafe ? "base64url" : "base64") }),
});
