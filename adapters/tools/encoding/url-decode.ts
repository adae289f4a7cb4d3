import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";

export const urlDecode = defineTool({
  id: "url-decode",
  name: "URL Decode",
  category: "encoding",
  description: "Decode percent-encoded text (decodeURIComponent); optionally read + as a space, as in form data.",
  input: {
    type: "object",
    required: ["text"],
    additionalProperties: false,
    properties: {
      text: { type: "string", maxLength: 1_048_576, "x-tool-checks": "percent-encoding of UTF-8" },
      plusAsSpace: { type: "boolean", default: false },
    },
  },
  output: {
    type: "object",
    required: ["decoded"],
    additionalProperties: false,
    properties: { decoded: { type: "string" } },
  },
  examples: [
    {
      title: "Decode UTF-8 percent escapes",
      source: "python3 urllib.parse.unquote('caf%C3%A9%20%26%20cr%C3%A8me%2Bbr%C3%BBl%C3%A9e')",
      input: { text: "caf%C3%A9%20%26%20cr%C3%A8me%2Bbr%C3%BBl%C3%A9e", plusAsSpace: false },
      output: { decoded: "café & crème+brûlée" },
    },
    {
      title: "Form data: + means space",
      source: "python3 urllib.parse.unquote_plus('q=hello+world%21+%F0%9F%98%80')",
      input: { text: "q=hello+world%21+%F0%9F%98%80", plusAsSpace: true },
      output: { decoded: "q=hello world! 😀" },
    },
    {
      title: "A literal + stays without plusAsSpace",
      source: "python3 urllib.parse.unquote('a+b%2Bc')",
      input: { text: "a+b%2Bc", plusAsSpace: false },
      output: { decoded: "a+b+c" },
    },
  ],
  run: ({ text, plusAsSpace }: { text: string; plusAsSpace: boolean }) => {
    try {
      return ok({ decoded: decodeURIComponent(plusAsSpace ? text.replaceAll("+", " ") : text) });
    } catch {
      return err(invalidField("text", "Malformed percent-encoding: every % must start a valid UTF-8 escape such as %C3%A9."));
    }
  },
});
