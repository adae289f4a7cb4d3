import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { cappedOutput } from "../output-cap.ts";
import { MARKDOWN_IT_MAX_NESTING, markdownCostRefusal } from "./markdown-limits.ts";
import { lazy } from "../lazy.ts";

const loadMarkdownIt = lazy(async () => (await import("markdown-it")).default);

type Options = { markdown: string; linkify: boolean; typographer: boolean; breaks: boolean };

type Renderer = { render(markdown: string): string };

const renderers = new Map<string, Renderer>();

/**
 * `html: false` escapes raw HTML and markdown-it's validateLink refuses javascript:/vbscript:/data: links; there is
 * deliberately no switch to allow HTML. `xhtmlOut` matches the CommonMark reference output (`<br />`, `<hr />`).
 */
async function rendererFor({ linkify, typographer, breaks }: Options): Promise<Renderer> {
  const key = `${linkify}/${typographer}/${breaks}`;
  let renderer = renderers.get(key);
  if (!renderer) {
    const MarkdownIt = await loadMarkdownIt();
    renderer = new MarkdownIt({ html: false, xhtmlOut: true, linkify, typographer, breaks, maxNesting: MARKDOWN_IT_MAX_NESTING });
    renderers.set(key, renderer);
  }
  return renderer;
}

export const markdownToHtml = defineTool({
  id: "markdown-to-html",
  name: "Markdown To HTML",
  category: "web",
  worker: true,
  description: "Render Markdown (CommonMark, plus tables and strikethrough) to HTML. Raw HTML is escaped, never passed through.",
  input: {
    type: "object",
    required: ["markdown"],
    additionalProperties: false,
    properties: {
      markdown: { type: "string", maxLength: 1_048_576 },
      linkify: { type: "boolean", default: false },
      typographer: { type: "boolean", default: false },
      breaks: { type: "boolean", default: false },
    },
  },
  output: {
    type: "object",
    required: ["html"],
    additionalProperties: false,
    properties: { html: { type: "string" } },
  },
  examples: [
    {
      title: "ATX headings",
      source: "CommonMark spec 0.31.2 §4.2 ATX headings (first example, first three levels)",
      input: { markdown: "# foo\n## foo\n### foo", linkify: false, typographer: false, breaks: false },
      output: { html: "<h1>foo</h1>\n<h2>foo</h2>\n<h3>foo</h3>\n" },
    },
    {
      title: "Inline link with a title",
      source: "CommonMark spec 0.31.2 §6.3 Links (first example)",
      input: { markdown: '[link](/uri "title")', linkify: false, typographer: false, breaks: false },
      output: { html: '<p><a href="/uri" title="title">link</a></p>\n' },
    },
    {
      title: "Fenced code is escaped",
      source: "CommonMark spec 0.31.2 §4.5 Fenced code blocks (first example)",
      input: { markdown: "```\n<\n >\n```", linkify: false, typographer: false, breaks: false },
      output: { html: "<pre><code>&lt;\n &gt;\n</code></pre>\n" },
    },
    {
      title: "Loose list item with two paragraphs",
      source: "CommonMark spec 0.31.2 §5.2 List items ('- one\\n\\n  two')",
      input: { markdown: "- one\n\n  two", linkify: false, typographer: false, breaks: false },
      output: { html: "<ul>\n<li>\n<p>one</p>\n<p>two</p>\n</li>\n</ul>\n" },
    },
    {
      title: "Raw HTML and javascript: links are not rendered",
      source: "HTML escaping per python3 html.escape(quote=True); markdown-it docs (html: false, validateLink)",
      input: { markdown: "<script>alert(1)</script>\n\n[x](javascript:alert(1))", linkify: false, typographer: false, breaks: false },
      output: { html: "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n<p>[x](javascript:alert(1))</p>\n" },
    },
  ],
  run: async (input: Options) => {
    const costly = markdownCostRefusal(input.markdown, "markdown");
    if (costly) return err(costly);
    const html = cappedOutput((await rendererFor(input)).render(input.markdown), "markdown");
    return html.ok ? ok({ html: html.value }) : html;
  },
});
