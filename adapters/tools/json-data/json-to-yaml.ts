import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { cappedOutput, indentationRefusal, parseJsonField } from "./json-text.ts";
import { lazy } from "../lazy.ts";

const loadYaml = lazy(() => import("yaml"));

export const jsonToYaml = defineTool({
  id: "json-to-yaml",
  name: "JSON to YAML",
  category: "json/data",
  worker: true,
  description: "Convert JSON to YAML.",
  input: {
    type: "object",
    required: ["json"],
    additionalProperties: false,
    properties: {
      json: { type: "string", maxLength: 1_048_576, "x-tool-checks": "JSON text" },
      indent: { type: "integer", minimum: 2, maximum: 8, default: 2 },
    },
  },
  output: {
    type: "object",
    required: ["yaml"],
    additionalProperties: false,
    properties: { yaml: { type: "string" } },
  },
  examples: [
    {
      title: "Nested object with a list",
      source: "python3: yaml.dump(json.loads(s), sort_keys=False, default_flow_style=False) with indented sequences (IndentDumper)",
      input: { json: '{"name":"web","ports":[80,443],"env":{"DEBUG":false,"LEVEL":null}}', indent: 2 },
      output: { yaml: "name: web\nports:\n  - 80\n  - 443\nenv:\n  DEBUG: false\n  LEVEL: null\n" },
    },
    {
      title: "Strings that YAML 1.1 would read as booleans or numbers are quoted",
      source: "Hand-written per YAML 1.2.2; python3 yaml.safe_load (a YAML 1.1 reader) returns the input object",
      input: { json: '{"answer":"yes","switch":"on","time":"12:30","version":"1.10"}', indent: 2 },
      output: { yaml: 'answer: "yes"\nswitch: "on"\ntime: "12:30"\nversion: "1.10"\n' },
    },
    {
      title: "Four-space indentation",
      source: "python3: yaml.dump(..., indent=4) with indented sequences (IndentDumper)",
      input: { json: '{"a":{"b":[1,2]}}', indent: 4 },
      output: { yaml: "a:\n    b:\n        - 1\n        - 2\n" },
    },
  ],
  run: async ({ json, indent }: { json: string; indent: number }) => {
    const parsed = parseJsonField(json, "json");
    if (!parsed.ok) return parsed;
    const tooLarge = indentationRefusal(parsed.value, indent, "json");
    if (tooLarge) return err(tooLarge);
    const YAML = await loadYaml();
    try {
      // compat: quote every string a YAML 1.1 reader (PyYAML, older Kubernetes tooling) would retype;
      // lineWidth 0: never fold long strings.
      const yaml = cappedOutput(YAML.stringify(parsed.value, { indent, compat: "yaml-1.1", lineWidth: 0 }), "json");
      return yaml.ok ? ok({ yaml: yaml.value }) : yaml;
    } catch (error) {
      return err(invalidField("json", `The document cannot be written as YAML: ${(error as Error).message}`));
    }
  },
});
