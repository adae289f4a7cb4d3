import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { MAX_OUTPUT_CHARS, outputTooLarge } from "../output-cap.ts";
import { indentationRefusal, isJsonObject, parseJsonField } from "./json-text.ts";
import { lazy } from "../lazy.ts";

const xmlParser = lazy(() => import("fast-xml-parser"));

/** Keys starting with `attributePrefix` become attributes, `#text` is element text, arrays repeat their element. */
export const jsonToXml = defineTool({
  id: "json-to-xml",
  name: "JSON to XML",
  category: "json/data",
  worker: true,
  description: "Convert a JSON object with one root key to XML.",
  input: {
    type: "object",
    required: ["json"],
    additionalProperties: false,
    properties: {
      json: { type: "string", maxLength: 1_048_576, "x-tool-checks": "JSON text: an object XML can hold" },
      attributePrefix: { type: "string", minLength: 1, maxLength: 16, default: "@_" },
      indent: { type: "integer", minimum: 0, maximum: 8, default: 2 },
    },
  },
  output: {
    type: "object",
    required: ["xml"],
    additionalProperties: false,
    properties: { xml: { type: "string" } },
  },
  examples: [
    {
      title: "Element with an attribute and repeated children",
      source: "Hand-derived from the fast-xml-parser mapping rules; python3 xml.etree.ElementTree parses it back to the same tree",
      input: { json: '{"note":{"@_id":"7","to":"Tove","from":"Jani","tag":["a","b"]}}', attributePrefix: "@_", indent: 2 },
      output: { xml: '<note id="7">\n  <to>Tove</to>\n  <from>Jani</from>\n  <tag>a</tag>\n  <tag>b</tag>\n</note>\n' },
    },
    {
      title: "Compact output escapes markup characters",
      source: "XML 1.0 §2.4 predefined entities; python3 ElementTree reads the text back as 'a < b & c'",
      input: { json: '{"expr":{"$kind":"text","#text":"a < b & c"}}', attributePrefix: "$", indent: 0 },
      output: { xml: '<expr kind="text">a &lt; b &amp; c</expr>' },
    },
  ],
  run: async ({ json, attributePrefix, indent }: { json: string; attributePrefix: string; indent: number }) => {
    const { XMLBuilder, XMLValidator } = await xmlParser();
    const parsed = parseJsonField(json, "json");
    if (!parsed.ok) return parsed;
    if (!isJsonObject(parsed.value) || Object.keys(parsed.value).length !== 1) {
      return err(invalidField("json", "XML needs a JSON object with exactly one root key."));
    }
    const tooLarge = indentationRefusal(parsed.value, indent, "json");
    if (tooLarge) return err(tooLarge);
    try {
      const builder = new XMLBuilder({
        ignoreAttributes: false,
        attributeNamePrefix: attributePrefix,
        format: indent > 0,
        indentBy: " ".repeat(indent),
      });
      const xml: string = builder.build(parsed.value);
      // The builder writes keys verbatim: a key such as "a b" or a root array would yield malformed XML.
      const check = XMLValidator.validate(xml);
      if (check !== true) return err(invalidField("json", `The result is not well-formed XML: ${check.err.msg}`));
      return xml.length > MAX_OUTPUT_CHARS ? err(outputTooLarge("json")) : ok({ xml });
    } catch (error) {
      return err(invalidField("json", `The document cannot be written as XML: ${(error as Error).message}`));
    }
  },
});
