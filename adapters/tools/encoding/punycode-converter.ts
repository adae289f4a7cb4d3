import { domainToASCII, domainToUnicode } from "node:url";
import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";

type Direction = "toAscii" | "toUnicode";

export const punycodeConverter = defineTool({
  id: "punycode-converter",
  name: "Punycode Converter",
  category: "encoding",
  description: "Convert an internationalised domain name to its punycode (xn--) form and back, following IDNA (UTS #46).",
  input: {
    type: "object",
    required: ["domain"],
    additionalProperties: false,
    properties: {
      domain: { type: "string", minLength: 1, maxLength: 253, "x-tool-checks": "a domain name punycode can convert" },
      direction: { type: "string", enum: ["toAscii", "toUnicode"], default: "toAscii" },
    },
  },
  output: {
    type: "object",
    required: ["result"],
    additionalProperties: false,
    properties: { result: { type: "string", minLength: 1 } },
  },
  examples: [
    {
      title: "German domain to ASCII",
      source: "python3 'münchen.de'.encode('idna')",
      input: { domain: "münchen.de", direction: "toAscii" },
      output: { result: "xn--mnchen-3ya.de" },
    },
    {
      title: "RFC 3492 sample (B): Chinese (simplified)",
      source: "RFC 3492 section 7.1 (B), with the IDNA xn-- prefix",
      input: { domain: "他们为什么不说中文", direction: "toAscii" },
      output: { result: "xn--ihqwcrb4cv8a8dqg056pqjye" },
    },
    {
      title: "RFC 3492 sample (A): Arabic (Egyptian)",
      source: "RFC 3492 section 7.1 (A), with the IDNA xn-- prefix",
      input: { domain: "ليهمابتكلموشعربي؟", direction: "toAscii" },
      output: { result: "xn--egbpdaj6bu4bxfgehfvwxn" },
    },
    {
      title: "IANA IDN test domain back to Unicode",
      source: "IANA IDN test TLD テスト = xn--zckzah; python3 b'xn--r8jz45g.xn--zckzah'.decode('idna')",
      input: { domain: "xn--r8jz45g.xn--zckzah", direction: "toUnicode" },
      output: { result: "例え.テスト" },
    },
  ],
  run: ({ domain, direction }: { domain: string; direction: Direction }) => {
    // node:url reports an invalid domain by returning "", but since Node 22 it passes an undecodable xn-- label
    // through unchanged. A valid xn-- label always decodes to Unicode (which never starts with the ACE prefix, UTS #46
    // §4.1), so a label still carrying the prefix once decoded is refused on every Node version alike.
    const result = direction === "toAscii" ? domainToASCII(domain) : domainToUnicode(domain);
    const decoded = direction === "toAscii" ? domainToUnicode(result) : result;
    if (result === "" || decoded.split(".").some((label) => label.toLowerCase().startsWith("xn--"))) {
      return err(invalidField("domain", "The domain is not a valid IDNA domain name."));
    }
    return ok({ result });
  },
});
