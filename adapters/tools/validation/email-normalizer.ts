import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { lazy } from "../lazy.ts";

const loadValidator = lazy(async () => (await import("validator")).default);

/** Provider rules (Gmail dots and +tags, googlemail → gmail, Yandex aliases …) are validator.js's defaults. */
export const emailNormalizer = defineTool({
  id: "email-normalizer",
  name: "Email Normalizer",
  category: "validation",
  description: "Canonical form of an email address: lowercased, with provider-specific dots and +tags removed (e.g. Gmail).",
  input: {
    type: "object",
    required: ["email"],
    additionalProperties: false,
    properties: { email: { type: "string", maxLength: 254, "x-tool-checks": "a syntactically valid email address" } },
  },
  output: {
    type: "object",
    required: ["normalized"],
    additionalProperties: false,
    properties: { normalized: { type: "string" } },
  },
  examples: [
    {
      title: "Gmail ignores dots and +tags; googlemail.com is gmail.com",
      source: "validator.js test suite, normalizeEmail ('some.Name+extension@GoogleMail.com' → 'somename@gmail.com')",
      input: { email: "some.Name+extension@GoogleMail.com" },
      output: { normalized: "somename@gmail.com" },
    },
    {
      title: "Unknown providers keep dots and +tags",
      source: "validator.js test suite, normalizeEmail ('some.name+extension@unknown.com' unchanged)",
      input: { email: "some.name+extension@unknown.com" },
      output: { normalized: "some.name+extension@unknown.com" },
    },
    {
      title: "Yandex aliases collapse to yandex.ru",
      source: "validator.js test suite, normalizeEmail ('test@ya.ru' → 'test@yandex.ru')",
      input: { email: "test@ya.ru" },
      output: { normalized: "test@yandex.ru" },
    },
  ],
  run: async ({ email }: { email: string }) => {
    const validator = await loadValidator();
    const normalized = validator.isEmail(email) ? validator.normalizeEmail(email) : false;
    if (normalized === false) return err(invalidField("email", "Not a syntactically valid email address."));
    return ok({ normalized });
  },
});
