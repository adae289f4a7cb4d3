import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";

type Mode = "component" | "uri";

export const urlEncode = defineTool({
  id: "url-encode",
  name: "URL Encode",
  category: "encoding",
  description: "Percent-encode text as a URI component (encodeURIComponent) or a whole URI (encodeURI).",
  input: {
    type: "object",
    required: ["text"],
    additionalProperties: false,
    properties: {
      text: { type: "string", maxLength: 262_144, "x-tool-checks": "within the output cap" },
      mode: { type: "string", enum: ["component", "uri"], default: "component" },
    },
  },
  output: {
    type: "object",
    required: ["encoded"],
    additionalProperties: false,
    properties: { encoded: { type: "string" } },
  },
  examples: [
    {
      title: "Encode a query value as a component",
      source: "python3 urllib.parse.quote(s, safe=\"-_.!~*'()\") (the encodeURIComponent set)",
      input: { text: "Hello World! a+b=c&d/é?😀", mode: "component" },
      output: { encoded: "Hello%20World!%20a%2Bb%3Dc%26d%2F%C3%A9%3F%F0%9F%98%80" },
    },
    {
      title: "Encode a whole URI, keeping its delimiters",
      source: "python3 urllib.parse.quote(s, safe=\";,/?:@&=+$-_.!~*'()#\") (the encodeURI set)",
      input: { text: "https://example.com/a path/ü?q=a b&x=1#frag", mode: "uri" },
      output: { encoded: "https://example.com/a%20path/%C3%BC?q=a%20b&x=1#frag" },
    },
  ],
  run: ({ text, mode }: { text: string; mode: Mode }) => {
    try {
      return ok({ encoded: mode === "uri" ? encodeURI(text) : encodeURIComponent(text) });
    } catch {
      // URIError: a lone surrogate has no UTF-8 encoding.
      return err(invalidField("text", "The text contains an unpaired surrogate and cannot be encoded as UTF-8."));
    }
  },
});
