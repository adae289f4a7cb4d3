import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { MAX_NESTING, tooDeep, valueDepth } from "../nesting.ts";
import { toJsonText } from "./json-text.ts";
import { hasDuplicateKey, yamlCostRefusal } from "./yaml-limits.ts";
import { lazy } from "../lazy.ts";

const loadYaml = lazy(() => import("yaml"));

/** Aliases a document may expand; more is treated as a "billion laughs" bomb and refused. */
const MAX_ALIAS_COUNT = 100;

/** YAML 1.2 core schema: `yes`, `on` and dates stay strings; duplicate keys and alias bombs are refused. */
export const yamlToJson = defineTool({
  id: "yaml-to-json",
  name: "YAML to JSON",
  category: "json/data",
  worker: true,
  description: "Convert a single YAML document to JSON.",
  input: {
    type: "object",
    required: ["yaml"],
    additionalProperties: false,
    properties: {
      yaml: { type: "string", maxLength: 1_048_576, "x-tool-checks": "YAML within the tool's limits" },
      indent: { type: "integer", minimum: 0, maximum: 10, default: 2 },
    },
  },
  output: {
    type: "object",
    required: ["json"],
    additionalProperties: false,
    properties: { json: { type: "string" } },
  },
  examples: [
    {
      title: "Mapping scalars to scalars (YAML 1.2.2 spec example 2.2)",
      source: "YAML 1.2.2 specification, example 2.2 and its JSON form in the yaml-test-suite",
      input: { yaml: "hr:  65    # Home runs\navg: 0.278 # Batting average\nrbi: 147   # Runs Batted In\n", indent: 0 },
      output: { json: '{"hr":65,"avg":0.278,"rbi":147}' },
    },
    {
      title: "Mapping scalars to sequences (YAML 1.2.2 spec example 2.3)",
      source: "YAML 1.2.2 specification, example 2.3",
      input: {
        yaml: "american:\n- Boston Red Sox\n- Detroit Tigers\n- New York Yankees\nnational:\n- New York Mets\n- Chicago Cubs\n- Atlanta Braves\n",
        indent: 0,
      },
      output: {
        json: '{"american":["Boston Red Sox","Detroit Tigers","New York Yankees"],"national":["New York Mets","Chicago Cubs","Atlanta Braves"]}',
      },
    },
    {
      title: "An anchored node appears twice (YAML 1.2.2 spec example 2.10)",
      source: "YAML 1.2.2 specification, example 2.10",
      input: { yaml: "---\nhr:\n- Mark McGwire\n# Following node labeled SS\n- &SS Sammy Sosa\nrbi:\n- *SS # Subsequent occurrence\n- Ken Griffey\n", indent: 2 },
      output: { json: '{\n  "hr": [\n    "Mark McGwire",\n    "Sammy Sosa"\n  ],\n  "rbi": [\n    "Sammy Sosa",\n    "Ken Griffey"\n  ]\n}' },
    },
    {
      title: "yes and dates stay strings under the core schema",
      source: "YAML 1.2.2 §10.3.2 (core schema tag resolution): only null, booleans true/false and numbers are typed",
      input: { yaml: "enabled: yes\nreleased: 2001-12-14\ncount: 0x1A\n", indent: 0 },
      output: { json: '{"enabled":"yes","released":"2001-12-14","count":26}' },
    },
  ],
  run: async ({ yaml, indent }: { yaml: string; indent: number }) => {
    const costly = yamlCostRefusal(yaml, "yaml");
    if (costly) return err(costly);
    const YAML = await loadYaml();
    try {
      const document = YAML.parseDocument(yaml, { schema: "core", uniqueKeys: false });
      const [first] = document.errors;
      if (first) return err(invalidField("yaml", `Invalid YAML: ${first.message}`));
      if (hasDuplicateKey(document, YAML)) return err(invalidField("yaml", "Invalid YAML: Map keys must be unique"));
      const value = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
      if (valueDepth(value) > MAX_NESTING) return err(tooDeep("yaml"));
      const text = toJsonText(value, indent, "yaml");
      return text.ok ? ok({ json: text.value }) : text;
    } catch (error) {
      // Only nesting overflows the parser's stack: name the bound rather than the engine's message.
      if (error instanceof RangeError) return err(tooDeep("yaml"));
      return err(invalidField("yaml", `Invalid YAML: ${(error as Error).message}`));
    }
  },
});
