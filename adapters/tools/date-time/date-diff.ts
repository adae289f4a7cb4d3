import type { DateTime } from "luxon";
import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { fromIsoText } from "./luxon-support.ts";

const UNITS = ["years", "months", "days", "hours", "minutes", "seconds"] as const;
type Breakdown = Record<(typeof UNITS)[number], number>;

const NUMBER = { type: "number" } as const;

/** Calendar breakdown on the start's wall clock (its offset), so months and days are the ones the start's reader sees. */
function toBreakdown(start: DateTime, end: DateTime): { breakdown: Breakdown; iso8601Duration: string } {
  const negative = end < start;
  const [from, to] = negative ? [end.setZone(start.zone), start] : [start, end.setZone(start.zone)];
  const duration = to.diff(from, [...UNITS]);
  const sign = negative ? -1 : 1;
  // Zero stays 0, not -0, which deep equality and some JSON consumers tell apart.
  const breakdown = Object.fromEntries(UNITS.map((unit) => [unit, duration.get(unit) === 0 ? 0 : sign * duration.get(unit)])) as Breakdown;
  // ISO 8601-2 writes a negative duration with one leading minus sign.
  return { breakdown, iso8601Duration: `${negative ? "-" : ""}${duration.toISO()}` };
}

/** A string without an offset is read as UTC so the answer never depends on the server's zone. */
export const dateDiff = defineTool({
  id: "date-diff",
  name: "Date Difference",
  category: "date-time",
  description:
    "Difference between two ISO 8601 instants: exact milliseconds, seconds and days, and a calendar breakdown on the start's offset.",
  input: {
    type: "object",
    required: ["start", "end"],
    additionalProperties: false,
    properties: {
      start: { type: "string", minLength: 4, maxLength: 64, description: "ISO 8601 with offset; without one, UTC.", "x-tool-checks": "an ISO 8601 date-time" },
      end: { type: "string", minLength: 4, maxLength: 64, description: "ISO 8601 with offset; without one, UTC.", "x-tool-checks": "an ISO 8601 date-time" },
    },
  },
  output: {
    type: "object",
    required: ["milliseconds", "totalSeconds", "totalDays", "breakdown", "iso8601Duration"],
    additionalProperties: false,
    properties: {
      milliseconds: NUMBER,
      totalSeconds: NUMBER,
      totalDays: NUMBER,
      breakdown: {
        type: "object",
        required: [...UNITS],
        additionalProperties: false,
        properties: Object.fromEntries(UNITS.map((unit) => [unit, NUMBER])),
      },
      iso8601Duration: { type: "string" },
    },
  },
  examples: [
    {
      title: "One year, two months, fourteen days and a bit",
      source: "python3 (datetime.fromisoformat(end) - datetime.fromisoformat(start)); breakdown by stepping 2024-01-01 +1Y +2M +14D by hand",
      input: { start: "2024-01-01T00:00:00Z", end: "2025-03-15T12:30:45.500Z" },
      output: {
        milliseconds: 37974645500, totalSeconds: 37974645.5, totalDays: 439.5213599537037,
        breakdown: { years: 1, months: 2, days: 14, hours: 12, minutes: 30, seconds: 45.5 },
        iso8601Duration: "P1Y2M14DT12H30M45.5S",
      },
    },
    {
      title: "An end before the start is negative",
      source: "python3 datetime subtraction: -93600000 ms = -(1 day 2 hours); ISO 8601-2 leading minus",
      input: { start: "2024-03-10T12:00:00+01:00", end: "2024-03-09T10:00:00+01:00" },
      output: {
        milliseconds: -93600000, totalSeconds: -93600, totalDays: -1.0833333333333333,
        breakdown: { years: 0, months: 0, days: -1, hours: -2, minutes: 0, seconds: 0 },
        iso8601Duration: "-P1DT2H",
      },
    },
    {
      title: "Across the Paris spring-forward night: 23 hours, not a day",
      source: "python3 datetime subtraction of 2024-03-30T12:00+01:00 from 2024-03-31T12:00+02:00 = 82800000 ms",
      input: { start: "2024-03-30T12:00:00+01:00", end: "2024-03-31T12:00:00+02:00" },
      output: {
        milliseconds: 82800000, totalSeconds: 82800, totalDays: 0.9583333333333334,
        breakdown: { years: 0, months: 0, days: 0, hours: 23, minutes: 0, seconds: 0 },
        iso8601Duration: "PT23H",
      },
    },
    {
      title: "February 2024 has 29 days",
      source: "python3 datetime subtraction 2024-03-01 − 2024-02-28 = 2 days (2024 is a leap year)",
      input: { start: "2024-02-28T00:00:00Z", end: "2024-03-01T00:00:00Z" },
      output: {
        milliseconds: 172800000, totalSeconds: 172800, totalDays: 2,
        breakdown: { years: 0, months: 0, days: 2, hours: 0, minutes: 0, seconds: 0 },
        iso8601Duration: "P2D",
      },
    },
    {
      title: "The same instant written with two offsets",
      source: "python3 datetime subtraction: 2024-01-01T01:00+01:00 equals 2024-01-01T00:00Z",
      input: { start: "2024-01-01T00:00:00Z", end: "2024-01-01T01:00:00+01:00" },
      output: {
        milliseconds: 0, totalSeconds: 0, totalDays: 0,
        breakdown: { years: 0, months: 0, days: 0, hours: 0, minutes: 0, seconds: 0 },
        iso8601Duration: "PT0S",
      },
    },
  ],
  run: ({ start, end }: { start: string; end: string }) => {
    const from = fromIsoText(start, "UTC");
    if (!from) return err(invalidField("start", "start must be an ISO 8601 date-time, e.g. 2024-01-01T00:00:00Z."));
    const to = fromIsoText(end, "UTC");
    if (!to) return err(invalidField("end", "end must be an ISO 8601 date-time, e.g. 2024-12-31T23:59:59Z."));
    const milliseconds = to.toMillis() - from.toMillis();
    return ok({ milliseconds, totalSeconds: milliseconds / 1000, totalDays: milliseconds / 86_400_000, ...toBreakdown(from, to) });
  },
});
