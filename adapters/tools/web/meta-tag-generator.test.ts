import { describe, expect, it } from "vitest";
import { metaTagGenerator } from "./meta-tag-generator.ts";
import { outputOf } from "../testing/tool-harness.ts";

const HOSTILE = `"><script>alert(1)</script><meta x='`;

describe("meta-tag-generator", () => {
  it("escapes every value so no attribute or element can be injected", async () => {
    const { html, tags } = await outputOf(metaTagGenerator, {
      title: HOSTILE,
      description: HOSTILE,
      url: HOSTILE,
      image: HOSTILE,
      siteName: HOSTILE,
      type: HOSTILE,
    });
    expect(html).not.toContain("<script");
    expect(html).not.toContain("'");
    const elements = (html as string).split("\n");
    expect(elements).toHaveLength(1 + tags.length);
    for (const element of elements.slice(1)) expect(element).toMatch(/^<meta (name|property)="[^"<>]*" content="[^"<>]*">$/);
    expect(elements[0]).toBe("<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;meta x=&#x27;</title>");
  });

  it("returns the raw values in tags and leaves out absent optional fields", async () => {
    const { tags } = await outputOf(metaTagGenerator, { title: "A & B", image: "https://example.com/a.png" });
    expect(tags).toEqual([
      { property: "og:title", content: "A & B" },
      { property: "og:type", content: "website" },
      { property: "og:image", content: "https://example.com/a.png" },
      { name: "twitter:card", content: "summary_large_image" },
      { name: "twitter:title", content: "A & B" },
      { name: "twitter:image", content: "https://example.com/a.png" },
    ]);
  });
});
