import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { cappedOutput, isJsonObject, parseJsonField } from "./json-text.ts";
import { lazy } from "../lazy.ts";

const loadToml = lazy(() => import("smol-toml"));

export const jsonToToml = defineTool({
  id: "json-to-toml",
  name: "JSON to TOML",
  category: "json/data",
  worker: true,
  description: "Convert a JSON object (without nulls) to TOML.",
  input: {
    type: "object",
    required: ["json"],
    additionalProperties: false,
    properties: { json: { type: "string", maxLength: 1_048_576, "x-tool-checks": "JSON text: an object TOML can hold" } },
  },
  output: {
    type: "object",
    required: ["toml"],
    additionalProperties: false,
    properties: { toml: { type: "string" } },
  },
  examples: [
    {
      title: "Keys, a table and an array of tables",
      source: "Layout as TOML v1.0.0 tables / arrays of tables; python3 tomllib.loads(output) == json.loads(input) verified",
      input: { json: '{"title":"TOML Example","owner":{"name":"Tom"},"ports":[8000,8001],"servers":[{"ip":"10.0.0.1"},{"ip":"10.0.0.2"}]}' },
      output: {
        toml: 'title = "TOML Example"\nports = [ 8000, 8001 ]\n\n[owner]\nname = "Tom"\n\n[[servers]]\nip = "10.0.0.1"\n\n[[servers]]\nip = "10.0.0.2"\n',
      },
    },
    {
      title: "Strings are escaped as TOML basic strings",
      source: "TOML v1.0.0 basic-string escapes; python3 tomllib.loads(output) == json.loads(input) verified",
      input: { json: '{"path":"C:\\\\temp","quote":"say \\"hi\\"","enabled":true,"ratio":0.5}' },
      output: { toml: 'path = "C:\\\\temp"\nquote = "say \\"hi\\""\nenabled = true\nratio = 0.5\n' },
    },
  ],
  run: async ({ json }: { json: string }) => {
    const { stringify } = await loadToml();
    const parsed = parseJsonField(json, "json");
    if (!parsed.ok) return parsed;
    if (!isJsonObject(parsed.value)) return err(invalidField("json", "TOML needs a JSON object at the top level."));
    // smol-toml silently drops null members, and TOML has no null: refuse rather than lose data.
    const nullAt = findNull(parsed.value, "");
    if (nullAt !== undefined) return err(invalidField("json", `TOML has no null; found one at '${nullAt}'.`));
    try {
      // Table headers repeat their whole dotted path, so deep long keys grow the output faster than the input.
      const toml = cappedOutput(stringify(parsed.value), "json");
      return toml.ok ? ok({ toml: toml.value }) : toml;
    } catch (error) {
      return err(invalidField("json", `The document cannot be written as TOML: ${(error as Error).message}`));
    }
  },
});

/** The JSON Pointer of the first null in a document, if any. */
function findNull(value: unknown, pointer: string): string | undefined {
  if (value === null) return pointer === "" ? "/" : pointer;
  if (typeof value !== "object") return undefined;
  for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
    const found = findNull(member, `${pointer}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`);
    if (found !== undefined) return found;
  }
  return undefined;
}
