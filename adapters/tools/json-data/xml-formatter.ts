import * as xmlFormatterModule from "xml-formatter";
import type { XMLFormatterOptions } from "xml-formatter";
import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { MAX_OUTPUT_CHARS, outputTooLarge } from "../output-cap.ts";
import { xmlCostRefusal } from "./xml-limits.ts";
import { lazy } from "../lazy.ts";

const xmlParser = lazy(() => import("fast-xml-parser"));

// xml-formatter is CommonJS with a `default` typing: under NodeNext the callable arrives wrapped.
const xmlFormat = ((xmlFormatterModule as any).default ?? xmlFormatterModule) as FormatXml;

type FormatXml = ((xml: string, options?: XMLFormatterOptions) => string) & {
  minify: (xml: string, options?: XMLFormatterOptions) => string;
};

/**
 * xml-formatter repairs some broken input ("<a><b></a>" comes out balanced), so well-formedness is checked first
 * with fast-xml-parser's validator. Elements with mixed content keep their layout. Indent 0 minifies.
 */
export const xmlFormatter = defineTool({
  id: "xml-formatter",
  name: "XML Formatter",
  category: "json/data",
  worker: true,
  description: "Pretty-print XML (indent 0 = compact).",
  input: {
    type: "object",
    required: ["xml"],
    additionalProperties: false,
    properties: {
      xml: { type: "string", maxLength: 1_048_576, "x-tool-checks": "well-formed XML within the tool's limits" },
      indent: { type: "integer", minimum: 0, maximum: 8, default: 2 },
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
      title: "Indent nested elements by two spaces",
      source: "python3 xml.dom.minidom.parseString(s).toprettyxml(indent='  '), minus its added declaration and final newline",
      input: { xml: '<root a="1"><child>text</child><empty/></root>', indent: 2 },
      output: { formatted: '<root a="1">\n  <child>text</child>\n  <empty/>\n</root>' },
    },
    {
      title: "Compact output with indent 0",
      source: "python3: whitespace-only text nodes removed from the minidom tree, then toxml() without the declaration",
      input: { xml: "<list>\n  <item>1</item>\n  <item>2</item>\n</list>\n", indent: 0 },
      output: { formatted: "<list><item>1</item><item>2</item></list>" },
    },
  ],
  run: async ({ xml, indent }: { xml: string; indent: number }) => {
    const { XMLValidator } = await xmlParser();
    const costly = xmlCostRefusal(xml, "xml", indent);
    if (costly) return err(costly);
    try {
      const check = XMLValidator.validate(xml);
      if (check !== true) return err(invalidField("xml", `Invalid XML at line ${check.err.line}: ${check.err.msg}`));
      const options = { indentation: " ".repeat(indent), collapseContent: true, lineSeparator: "\n", strictMode: true };
      const formatted = indent === 0 ? xmlFormat.minify(xml, options) : xmlFormat(xml, options);
      return formatted.length > MAX_OUTPUT_CHARS ? err(outputTooLarge("xml")) : ok({ formatted });
    } catch (error) {
      return err(invalidField("xml", `Invalid XML: ${(error as Error).message}`));
    }
  },
});
