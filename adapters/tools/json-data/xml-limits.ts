import { invalidField, type DomainError } from "../../../domain/errors.ts";
import { MAX_NESTING, tooDeep } from "../nesting.ts";
import { MAX_OUTPUT_CHARS, outputTooLarge } from "../output-cap.ts";

/** Attributes one element may carry: parsers check each new one against the earlier ones. */
export const MAX_XML_ATTRIBUTES = 256;

/** Elements one document may hold: xml-formatter spends ≈ 15 µs on each (60,000 took ≈ 1 s here). */
export const MAX_XML_ELEMENTS = 40_000;

/**
 * Refuses XML nested deeper than MAX_NESTING elements, of more than MAX_XML_ELEMENTS elements, or with an element of
 * more than MAX_XML_ATTRIBUTES attributes,
 * in one linear pass before any parser runs. Comments, CDATA, processing instructions and declarations are skipped;
 * quoted attribute values may hold `>` and `<`. With `indent`, also refuses when re-indenting would pass MAX_OUTPUT_CHARS.
 */
export function xmlCostRefusal(xml: string, field: string, indent = 0): DomainError | undefined {
  let depth = 0;
  let elements = 0;
  // Re-indented, every element line repeats its depth's indentation.
  let indentation = 0;
  for (let at = xml.indexOf("<"); at !== -1; at = xml.indexOf("<", at + 1)) {
    const special = skipSpecial(xml, at);
    if (special !== undefined) {
      at = special;
      continue;
    }
    const tag = scanTag(xml, at);
    if (tag.attributes > MAX_XML_ATTRIBUTES) {
      return invalidField(field, `An element has more than ${MAX_XML_ATTRIBUTES} attributes.`);
    }
    if (!tag.closing && ++elements > MAX_XML_ELEMENTS) {
      return invalidField(field, `The document has more than ${MAX_XML_ELEMENTS} elements.`);
    }
    if (!tag.closing && (indentation += depth * indent) > MAX_OUTPUT_CHARS) return outputTooLarge(field);
    if (tag.closing) depth = Math.max(0, depth - 1);
    else if (!tag.selfClosing && ++depth > MAX_NESTING) return tooDeep(field);
    at = tag.end;
  }
  return undefined;
}

const SPECIALS: readonly (readonly [string, string])[] = [["<!--", "-->"], ["<![CDATA[", "]]>"], ["<?", "?>"], ["<!", ">"]];

/** The index where a comment, CDATA section, processing instruction or declaration starting at `at` ends. */
function skipSpecial(xml: string, at: number): number | undefined {
  for (const [open, close] of SPECIALS) {
    if (!xml.startsWith(open, at)) continue;
    const end = xml.indexOf(close, at + open.length);
    return end === -1 ? xml.length : end + close.length - 1;
  }
  return undefined;
}

function scanTag(xml: string, at: number): { end: number; closing: boolean; selfClosing: boolean; attributes: number } {
  let attributes = 0;
  let quote = "";
  let i = at + 1;
  for (; i < xml.length; i++) {
    const char = xml[i];
    if (quote) {
      if (char === quote) quote = "";
    } else if (char === '"' || char === "'") quote = char;
    else if (char === "=") attributes++;
    else if (char === ">") break;
  }
  return { end: i, closing: xml[at + 1] === "/", selfClosing: xml[i - 1] === "/", attributes };
}
