import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { lazy } from "../lazy.ts";

const loadSlugify = lazy(async () => (await import("@sindresorhus/slugify")).default);

export const slugify = defineTool({
  id: "slugify",
  name: "Slugify",
  category: "text",
  description: "Make a URL slug: transliterate (ä → ae, & → and), split camelCase and join the words with a separator.",
  input: {
    type: "object",
    required: ["text"],
    additionalProperties: false,
    properties: {
      text: { type: "string", maxLength: 10_240 },
      // The library passes the separator to String#replace ($& etc. expand) and strips backslashes afterwards.
      separator: { type: "string", minLength: 1, maxLength: 3, pattern: "^[^$\\\\]+$", default: "-", "x-tool-checks": "a separator slugify accepts" },
      lowercase: { type: "boolean", default: true },
    },
  },
  output: {
    type: "object",
    required: ["slug"],
    additionalProperties: false,
    properties: { slug: { type: "string" } },
  },
  examples: [
    {
      title: "Symbols are spelled out",
      source: "@sindresorhus/slugify README",
      input: { text: "I ♥ Dogs", separator: "-", lowercase: true },
      output: { slug: "i-love-dogs" },
    },
    {
      title: "Accents and punctuation are removed",
      source: "@sindresorhus/slugify README",
      input: { text: "  Déjà Vu!  ", separator: "-", lowercase: true },
      output: { slug: "deja-vu" },
    },
    {
      title: "camelCase is split and symbols dropped",
      source: "@sindresorhus/slugify README",
      input: { text: "fooBar 123 $#%", separator: "-", lowercase: true },
      output: { slug: "foo-bar-123" },
    },
    {
      title: "Cyrillic is transliterated",
      source: "@sindresorhus/slugify README",
      input: { text: "я люблю единорогов", separator: "-", lowercase: true },
      output: { slug: "ya-lyublyu-edinorogov" },
    },
    {
      title: "Custom separator",
      source: "@sindresorhus/slugify README",
      input: { text: "BAR and baz", separator: "_", lowercase: true },
      output: { slug: "bar_and_baz" },
    },
    {
      title: "Case kept",
      source: "@sindresorhus/slugify README",
      input: { text: "Déjà Vu!", separator: "-", lowercase: false },
      output: { slug: "Deja-Vu" },
    },
  ],
  run: async ({ text, separator, lowercase }: { text: string; separator: string; lowercase: boolean }) => {
    const slugifyText = await loadSlugify();
    try {
      return ok({ slug: slugifyText(text, { separator, lowercase }) });
    } catch (error) {
      return err(invalidField("separator", `Cannot slugify with this separator: ${(error as Error).message}`));
    }
  },
});
