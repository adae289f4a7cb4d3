import { type DomainError } from "../../../domain/errors.ts";
/** Attributes one element may carry: parsers check each new one against the earlier ones. */
export declare const MAX_XML_ATTRIBUTES = 256;
/** Elements one document may hold: xml-formatter spends ≈ 15 µs on each (60,000 took ≈ 1 s here). */
export declare const MAX_XML_ELEMENTS = 40000;
/**
 * Refuses XML nested deeper than MAX_NESTING elements, of more than MAX_XML_ELEMENTS elements, or with an element of
 * more than MAX_XML_ATTRIBUTES attributes,
 * in one linear pass before any parser runs. Comments, CDATA, processing instructions and declarations are skipped;
 * quoted attribute values may hold `>` and `<`. With `indent`, also refuses when re-indenting would pass MAX_OUTPUT_CHARS.
 */
export declare function xmlCostRefusal(xml: string, field: string, indent?: number): DomainError | undefined;
