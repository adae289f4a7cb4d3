import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { MAX_NESTING, nestingRefusal, TOML_SYNTAX, tooDeep, valueDepth } from "../nesting.ts";
import { toJsonText } from "./json-text.ts";
import { lazy } from "../lazy.ts";

const loadToml = lazy(() => import("smol-toml"));

/** Datetimes become RFC 3339 strings as written (offset kept, local values stay local); a zero ".000" is dropped. */
export const tomlToJson = defineTool({
  id: "toml-to-json",
  name: "TOML to JSON",
  category: "json/data",
  worker: true,
  description: "Convert TOML to JSON; datetimes become ISO 8601 strings.",
  input: {
    type: "object",
    required: ["toml"],
    additionalProperties: false,
    properties: {
      toml: { type: "string", maxLength: 1_048_576, "x-tool-checks": "a TOML document" },
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
      title: "The TOML README example",
      source: "Document from toml.io / toml-lang/toml README; expected by python3 tomllib.loads + json.dumps(default=isoformat); Python's 72.0 is 72 in JSON from JavaScript",
      input: {
        toml:
          '# This is a TOML document\n\ntitle = "TOML Example"\n\n[owner]\nname = "Tom Preston-Werner"\ndob = 1979-05-27T07:32:00-08:00\n\n' +
          '[database]\nenabled = true\nports = [ 8000, 8001, 8002 ]\ndata = [ ["delta", "phi"], [3.14] ]\ntemp_targets = { cpu = 79.5, case = 72.0 }\n\n' +
          '[servers]\n\n[servers.alpha]\nip = "10.0.0.1"\nrole = "frontend"\n\n[servers.beta]\nip = "10.0.0.2"\nrole = "backend"\n',
        indent: 0,
      },
      output: {
        json:
          '{"title":"TOML Example","owner":{"name":"Tom Preston-Werner","dob":"1979-05-27T07:32:00-08:00"},' +
          '"database":{"enabled":true,"ports":[8000,8001,8002],"data":[["delta","phi"],[3.14]],"temp_targets":{"cpu":79.5,"case":72}},' +
          '"servers":{"alpha":{"ip":"10.0.0.1","role":"frontend"},"beta":{"ip":"10.0.0.2","role":"backend"}}}',
      },
    },
    {
      title: "Local date, local time and dotted keys",
      source: "TOML v1.0.0 spec examples; expected by python3 tomllib.loads + json.dumps(indent=2, default=isoformat)",
      input: { toml: 'ld1 = 1979-05-27\nlt1 = 07:32:00\nphysical.color = "orange"\n', indent: 2 },
      output: { json: '{\n  "ld1": "1979-05-27",\n  "lt1": "07:32:00",\n  "physical": {\n    "color": "orange"\n  }\n}' },
    },
  ],
  run: async ({ toml, indent }: { toml: string; indent: number }) => {
    const { parse } = await loadToml();
    const costly = nestingRefusal(toml, "toml", TOML_SYNTAX);
    if (costly) return err(costly);
    try {
      // Dotted keys and table headers nest without brackets: their depth shows only on the parsed tree.
      const value = parse(toml);
      if (valueDepth(value) > MAX_NESTING) return err(tooDeep("toml"));
      const text = toJsonText(value, indent, "toml", toIsoText);
      return text.ok ? ok({ json: text.value }) : text;
    } catch (error) {
      return err(invalidField("toml", `Invalid TOML: ${(error as Error).message}`));
    }
  },
});

function toIsoText(date: Date): string {
  return date.toISOString().replace(/\.000(?=Z|[+-]\d\d:\d\d|$)/, "");
}
