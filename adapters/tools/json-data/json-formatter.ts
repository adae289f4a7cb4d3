import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { cappedOutput, indentationRefusal, parseJsonField } from "./json-text.ts";

/**
 * JSON.parse semantics apply: integers beyond 2^53 lose precision and the last of duplicate keys wins,
 * as in every JavaScript JSON tool.
 */
export const jsonFormatter = defineTool({
  id: "json-formatter",
  name: "JSON Formatter",
  category: "json/data",
  worker: true,
  description: "Pretty-print JSON with a chosen indentation (0 = compact).",
  input: {
    type: "object",
    required: ["json"],
    additionalProperties: false,
    properties: {
      json: { type: "string", maxLength: 1_048_576, "x-tool-checks": "JSON text" },
      indent: { type: "integer", minimum: 0, maximum: 10, default: 2 },
    },
  },
  output: {
    type: "object",
    required: ["formatted"],
    additionalProperties: false,
    properties: { formatted: { type: "string" } },
  },
  examples: [
    {
      title: "Indent an object by two spaces",
      source: "python3 -c 'import json; print(json.dumps({\"a\":1,\"b\":[true,None]}, indent=2))'",
      input: { json: '{"a":1,"b":[true,null]}', indent: 2 },
      output: { formatted: '{\n  "a": 1,\n  "b": [\n    true,\n    null\n  ]\n}' },
    },
    {
      title: "Compact output with indent 0",
      source: "python3 -c 'import json; print(json.dumps(json.loads(...), separators=(\",\",\":\")))'",
      input: { json: '{ "x" : [ 1 , 2 ] }', indent: 0 },
      output: { formatted: '{"x":[1,2]}' },
    },
  ],
  run: ({ json, indent }: { json: string; indent: number }) => {
    const parsed = parseJsonField(json, "json");
    if (!parsed.ok) return parsed;
    const tooLarge = indentationRefusal(parsed.value, indent, "json");
    if (tooLarge) return err(tooLarge);
    const formatted = cappedOutput(JSON.stringify(parsed.value, null, indent), "json");
    return formatted.ok ? ok({ formatted: formatted.value }) : formatted;
  },
});
