import { ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { lazy } from "../lazy.ts";

const loadEntities = lazy(() => import("entities"));

export const htmlEntitiesDecode = defineTool({
  id: "html-entities-decode",
  name: "HTML Entities Decode",
  category: "encoding",
  description: "Decode HTML named and numeric character references the way an HTML5 parser does in text.",
  input: {
    type: "object",
    required: ["text"],
    additionalProperties: false,
    properties: { text: { type: "string", maxLength: 1_048_576 } },
  },
  output: {
    type: "object",
    required: ["decoded"],
    additionalProperties: false,
    properties: { decoded: { type: "string" } },
  },
  examples: [
    {
      title: "Named, decimal and hex references",
      source: "python3 html.unescape('&lt;p&gt;caf&eacute; &#169; &#x1F600; &amp;amp;')",
      input: { text: "&lt;p&gt;caf&eacute; &#169; &#x1F600; &amp;amp;" },
      output: { decoded: "<p>café © 😀 &amp;" },
    },
    {
      title: "HTML5 legacy rules: references without ; and invalid code points",
      source: "python3 html.unescape('&notit; &copy 2024 &#0; &NotANamedEntity;')",
      input: { text: "&notit; &copy 2024 &#0; &NotANamedEntity;" },
      output: { decoded: "¬it; © 2024 \uFFFD &NotANamedEntity;" },
    },
  ],
  run: async ({ text }: { text: string }) => ok({ decoded: (await loadEntities()).decodeHTML(text) }),
});
