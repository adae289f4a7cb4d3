import type cronstrue from "cronstrue/i18n.js";
import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { lazy } from "../lazy.ts";

interface CronDescribeInput {
  expression: string;
  locale: string;
  use24HourTimeFormat: boolean;
}

// The i18n bundle (≈ 300 kB, every locale) is CommonJS: Node hands over module.exports, whose `default` is
// ExpressionDescriptor, while vitest's interop hands over ExpressionDescriptor itself.
type Describer = typeof cronstrue.default;
const loadDescriber = lazy(async (): Promise<Describer> => {
  const module = (await import("cronstrue/i18n.js")).default;
  return (module as unknown as { default?: Describer }).default ?? (module as unknown as Describer);
});

/** cronstrue falls back to English on an unknown locale (with a console warning), so the tool checks it first. */
export const cronDescribe = defineTool({
  id: "cron-describe",
  name: "Cron Describe",
  category: "date-time",
  description: "Describe a 5-field (minute first) or 6-field (second first) cron expression in words, in one of cronstrue's locales.",
  input: {
    type: "object",
    required: ["expression"],
    additionalProperties: false,
    properties: {
      expression: { type: "string", minLength: 1, maxLength: 256, "x-tool-checks": "a 5- or 6-field cron expression" },
      locale: { type: "string", minLength: 2, maxLength: 16, default: "en", description: "A cronstrue locale: en, fr, de, es, pt_BR, zh_CN…", "x-tool-checks": "a cronstrue locale" },
      use24HourTimeFormat: { type: "boolean", default: true },
    },
  },
  output: {
    type: "object",
    required: ["description"],
    additionalProperties: false,
    properties: { description: { type: "string" } },
  },
  examples: [
    {
      title: "Every minute",
      source: "cronstrue README: toString('* * * * *') → 'Every minute'",
      input: { expression: "* * * * *", locale: "en", use24HourTimeFormat: true },
      output: { description: "Every minute" },
    },
    {
      title: "Weekday evenings, 12-hour clock",
      source: "cronstrue README: toString('0 23 ? * MON-FRI') → 'At 11:00 PM, Monday through Friday'",
      input: { expression: "0 23 ? * MON-FRI", locale: "en", use24HourTimeFormat: false },
      output: { description: "At 11:00 PM, Monday through Friday" },
    },
    {
      title: "Second Sunday of the month, 24-hour clock",
      source: "cronstrue README: toString('23 14 * * SUN#2', { use24HourTimeFormat: true })",
      input: { expression: "23 14 * * SUN#2", locale: "en", use24HourTimeFormat: true },
      output: { description: "At 14:23, on the second Sunday of the month" },
    },
    {
      title: "Second Sunday of the month, 12-hour clock",
      source: "cronstrue README: toString('23 12 * * SUN#2')",
      input: { expression: "23 12 * * SUN#2", locale: "en", use24HourTimeFormat: false },
      output: { description: "At 12:23 PM, on the second Sunday of the month" },
    },
    {
      title: "In French",
      source: "cronstrue README (i18n): toString('*/5 * * * *', { locale: 'fr' }) → 'Toutes les 5 minutes'",
      input: { expression: "*/5 * * * *", locale: "fr", use24HourTimeFormat: true },
      output: { description: "Toutes les 5 minutes" },
    },
    {
      title: "In Spanish",
      source: "cronstrue README (i18n): toString('*/5 * * * *', { locale: 'es' }) → 'Cada 5 minutos'",
      input: { expression: "*/5 * * * *", locale: "es", use24HourTimeFormat: true },
      output: { description: "Cada 5 minutos" },
    },
  ],
  run: async ({ expression, locale, use24HourTimeFormat }: CronDescribeInput) => {
    const describer = await loadDescriber();
    const locales = Object.keys(describer.locales);
    const fields = expression.trim().split(/\s+/).length;
    if (fields !== 5 && fields !== 6) {
      return err(invalidField("expression", `expression must have 5 fields (minute first) or 6 (second first); it has ${fields}.`));
    }
    if (!locales.includes(locale)) return err(invalidField("locale", `Unknown locale '${locale}'. Known: ${locales.join(", ")}.`));
    try {
      return ok({ description: describer.toString(expression, { locale, use24HourTimeFormat, throwExceptionOnParseError: true }) });
    } catch (error) {
      // cronstrue throws plain strings as well as Errors.
      const reason = error instanceof Error ? error.message : String(error);
      return err(invalidField("expression", `Invalid cron expression: ${reason.replace(/^Error: /, "")}`));
    }
  },
});
