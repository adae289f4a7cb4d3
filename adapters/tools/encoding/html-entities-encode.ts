import { ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { lazy } from "../lazy.ts";

const loadEntities = lazy(() => import("entities"));

type Mode = "minimal" | "non-ascii" | "all";

const ENCODERS: Record<Mode, (entities: typeof import("entities")) => (text: string) => string> = {
  minimal: (entities) => entities.escapeUTF8,
  "non-ascii": (entities) => entities.encodeNonAsciiHTML,
  all: (entities) => entities.encodeHTML,
};

export const htmlEntitiesEncode = defineTool({
  id: "html-entities-encode",
  name: "HTML Entities Encode",
  category: "encoding",
  description:
    "Escape text as HTML: minimal escapes only & < > \" ', non-ascii also every non-ASCII character, all every character with a named entity.",
  input: {
    type: "object",
    required: ["text"],
    additionalProperties: false,
    properties: {
      text: { type: "string", maxLength: 262_144 },
      mode: { type: "string", enum: ["minimal", "non-ascii", "all"], default: "minimal" },
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
      title: "Minimal escaping of markup",
      source: "python3 html.escape('<p class=\"x\">Fish & Chips</p>')",
      input: { text: '<p class="x">Fish & Chips</p>', mode: "minimal" },
      output: { encoded: "&lt;p class=&quot;x&quot;&gt;Fish &amp; Chips&lt;/p&gt;" },
    },
    {
      title: "Apostrophe as the HTML5 named reference",
      source: "python3 html.escape(\"Tom's café\") with &#x27; written as its HTML5 name &apos;",
      input: { text: "Tom's café", mode: "minimal" },
      output: { encoded: "Tom&apos;s café" },
    },
    {
      title: "Non-ASCII characters as named or numeric references",
      source: "python3: html.entities.codepoint2name names, else &#<decimal>;, plus html.escape for ASCII",
      input: { text: "Größe: 5 € © 2024 😀 <b>", mode: "non-ascii" },
      output: { encoded: "Gr&ouml;&szlig;e: 5 &euro; &copy; 2024 &#128512; &lt;b&gt;" },
    },
    {
      title: "All mode also names ASCII punctuation",
      source: "python3 html.entities.html5: = and / each have one name, equals; and sol;",
      input: { text: "a=b/c ü", mode: "all" },
      output: { encoded: "a&equals;b&sol;c &uuml;" },
    },
  ],
  run: async ({ text, mode }: { text: string; mode: Mode }) => ok({ encoded: ENCODERS[mode](await loadEntities())(text) }),
});
