import { describe, expect, it } from "vitest";
import { markdownToHtml } from "./markdown-to-html.ts";
import { errorOf, outputOf, refusalOf } from "../testing/tool-harness.ts";

const render = async (markdown: string, options: Record<string, boolean> = {}) =>
  (await outputOf(markdownToHtml, { markdown, ...options })).html as string;

describe("markdown-to-html", () => {
  it.each([
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    '<a href="javascript:alert(1)">x</a>',
    "<iframe src=//evil.example></iframe>",
  ])("escapes raw HTML %s instead of passing it through", async (markdown) => {
    const html = await render(markdown);
    expect(html).not.toMatch(/<(script|img|a|iframe)\b/i);
    expect(html).toContain("&lt;");
  });

  it.each(["javascript:alert(1)", "JAVASCRIPT:alert(1)", "vbscript:msgbox(1)", "data:text/html;base64,PHNjcmlwdD4="])(
    "does not link the dangerous destination %s",
    async (destination) => {
      const html = await render(`[click](${destination}) <${destination}>`);
      expect(html).not.toContain("href=");
    },
  );

  it("does not turn javascript: text into a link even with linkify", async () => {
    expect(await render("javascript:alert(1) https://example.com", { linkify: true })).not.toMatch(/href="javascript/i);
  });

  it("escapes quotes inside link destinations and titles", async () => {
    const html = await render('[x](https://example.com/" onmouseover="alert(1) "t\\"itle")');
    expect(html).not.toMatch(/"\s+onmouseover=/);
  });

  it("renders a single newline as <br /> only with breaks", async () => {
    expect(await render("a\nb")).toBe("<p>a\nb</p>\n");
    expect(await render("a\nb", { breaks: true })).toBe("<p>a<br />\nb</p>\n");
  });

  it("offers no switch to allow raw HTML", async () => {
    expect(await refusalOf(markdownToHtml, { markdown: "<b>x</b>", html: true })).toBe("schema");
  });
});

describe("markdown-to-html bounds", () => {
  it("renders 20 nested block quotes and refuses 21, naming the bound", async () => {
    const { html } = await outputOf(markdownToHtml, { markdown: `${"> ".repeat(20)}x` });
    // CommonMark: each `>` opens one blockquote around the paragraph.
    expect(html).toBe(`${"<blockquote>\n".repeat(20)}<p>x</p>\n${"</blockquote>\n".repeat(20)}`);
    const error = await errorOf(markdownToHtml, { markdown: `${"> ".repeat(21)}x` });
    expect(error.message).toBe("The Markdown has nesting deeper than 20 levels (block quotes and lists).");
  });

  it("accepts 50,000 lines and refuses 50,001", async () => {
    const { html } = await outputOf(markdownToHtml, { markdown: "a\n\n".repeat(25_000).slice(0, -1) });
    expect(html.split("<p>a</p>")).toHaveLength(25_001);
    expect((await errorOf(markdownToHtml, { markdown: "a\n".repeat(50_001) })).message).toBe("The Markdown has more than 50000 lines.");
  });

  it("accepts 100,000 inline markers quickly and refuses 100,001", async () => {
    await outputOf(markdownToHtml, { markdown: "[".repeat(100_000) });
    const error = await errorOf(markdownToHtml, { markdown: "*".repeat(100_001) });
    expect(error.message).toMatch(/more than 100000 inline markers/);
  });
});
