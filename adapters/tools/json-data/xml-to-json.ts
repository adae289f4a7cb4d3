import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { xmlCostRefusal } from "./xml-limits.ts";
import { toJsonText } from "./json-text.ts";
import { lazy } from "../lazy.ts";

const xmlParser = lazy(() => import("fast-xml-parser"));

const PREDEFINED: Readonly<Record<string, string>> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/**
 * Decodes only the five predefined entities and character references. DOCTYPE entities are never expanded
 * (no billion laughs, no quadratic blow-up) and stay as written; external ones make the parser throw (no XXE).
 */
const entityDecoder = {
  setExternalEntities: () => undefined,
  addInputEntities: () => undefined,
  reset: () => undefined,
  setXmlVersion: () => undefined,
  decode: (text: string): string =>
    text.replace(/&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|(lt|gt|amp|quot|apos));/g, (whole, dec?: string, hex?: string, name?: string) => {
      if (name) return PREDEFINED[name] ?? whole;
      const codePoint = dec ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? "", 16);
      const valid = codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff);
      return valid ? String.fromCodePoint(codePoint) : whole;
    }),
};

export const xmlToJson = defineTool({
  id: "xml-to-json",
  name: "XML to JSON",
  category: "json/data",
  worker: true,
  description: "Convert XML to JSON; values stay strings and repeated elements become arrays.",
  input: {
    type: "object",
    required: ["xml"],
    additionalProperties: false,
    properties: {
      xml: { type: "string", maxLength: 1_048_576, "x-tool-checks": "well-formed XML within the tool's limits" },
      attributePrefix: { type: "string", minLength: 1, maxLength: 16, default: "@_" },
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
      title: "Attributes, repeated elements and numbers kept as text",
      source: "python3 xml.etree.ElementTree walk: attributes prefixed, repeated children as lists, text as str",
      input: {
        xml: '<?xml version="1.0"?>\n<catalog>\n  <book id="bk101">\n    <price>44.95</price>\n  </book>\n' +
          '  <book id="bk102">\n    <price>5.95</price>\n  </book>\n</catalog>',
        attributePrefix: "@_",
        indent: 0,
      },
      output: { json: '{"catalog":{"book":[{"price":"44.95","@_id":"bk101"},{"price":"5.95","@_id":"bk102"}]}}' },
    },
    {
      title: "Text next to an attribute, with entity and character references",
      source: "XML 1.0 §4.1/§4.6 predefined entities and character references; python3 ElementTree gives text 'Fish & Chips A'",
      input: { xml: '<dish lang="en">Fish &amp; Chips &#65;</dish>', attributePrefix: "_", indent: 0 },
      output: { json: '{"dish":{"#text":"Fish & Chips A","_lang":"en"}}' },
    },
  ],
  run: async ({ xml, attributePrefix, indent }: { xml: string; attributePrefix: string; indent: number }) => {
    const { XMLParser, XMLValidator } = await xmlParser();
    const costly = xmlCostRefusal(xml, "xml");
    if (costly) return err(costly);
    try {
      const check = XMLValidator.validate(xml);
      if (check !== true) return err(invalidField("xml", `Invalid XML at line ${check.err.line}: ${check.err.msg}`));
      const parser = new XMLParser({
        ignoreAttributes: false,
        attributeNamePrefix: attributePrefix,
        parseTagValue: false,
        parseAttributeValue: false,
        ignoreDeclaration: true,
        ignorePiTags: true,
        entityDecoder,
      });
      const text = toJsonText(parser.parse(xml), indent, "xml");
      return text.ok ? ok({ json: text.value }) : text;
    } catch (error) {
      // Also covers external entities, "__proto__"/"constructor" element names and nesting beyond the parser's cap.
      return err(invalidField("xml", `Invalid XML: ${(error as Error).message}`));
    }
  },
});
