import { ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { parseJsonField } from "./json-text.ts";

/** Same caveats as json-formatter: integers beyond 2^53 lose precision and the last duplicate key wins. */
export const jsonMinify = defineTool({
  id: "json-minify",
  name: "JSON Minify",
  category: "json/data",
  worker: true,
  description: "Remove whitespace from JSON.",
  input: {
    type: "object",
    required: ["json"],
    additionalProperties: false,
    properties: { json: { type: "string", maxLength: 1_048_576, "x-tool-checks": "JSON text" } },
  },
  output: {
    type: "object",
    required: ["minified"],
    additionalProperties: false,
    properties: { minified: { type: "string" } },
  },
  examples: [
    {
      title: "Minify a pretty-printed object",
      source: "python3 -c 'import json; print(json.dumps(json.loads(s), separators=(\",\",\":\"), ensure_ascii=False))'",
      input: { json: '{\n  "name": "Ada",\n  "tags": [ "math", "code" ],\n  "born": 1815\n}' },
      output: { minified: '{"name":"Ada","tags":["math","code"],"born":1815}' },
    },
    {
      title: "Whitespace inside strings is kept",
      source: "python3 json.dumps(json.loads(s), separators=(\",\",\":\"), ensure_ascii=False)",
      input: { json: '[ "a b" ,\t{ "k" : "  v  " } , null ]' },
      output: { minified: '["a b",{"k":"  v  "},null]' },
    },
  ],
  run: ({ json }: { json: string }) => {
    const parsed = parseJsonField(json, "json");
    return parsed.ok ? ok({ minified: JSON.stringify(parsed.value) }) : parsed;
  },
});
