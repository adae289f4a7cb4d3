import { DateTime, Duration } from "luxon";
import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool, type ToolContext } from "../../../domain/tool.ts";
import { fromIsoText, toIsoString } from "./luxon-support.ts";

interface EtaInput {
  totalUnits: number;
  unitsPerPeriod: number;
  periodSeconds: number;
  start?: string;
}

/** The whole span of ECMAScript dates, ±8.64e15 ms around the epoch. */
const MAX_SPAN_MS = 17_280_000_000_000_000;

const POSITIVE = { type: "number", exclusiveMinimum: 0, maximum: 1e15 } as const;

/** Days in the ISO duration are 24-hour days: the end is computed on the UTC time line, not a wall clock. */
export const etaCalculator = defineTool({
  id: "eta-calculator",
  name: "ETA Calculator",
  category: "date-time",
  description:
    "When a job of totalUnits finishes at unitsPerPeriod per periodSeconds, starting at start (default now): duration and end time in UTC.",
  input: {
    type: "object",
    required: ["totalUnits", "unitsPerPeriod", "periodSeconds"],
    additionalProperties: false,
    properties: {
      totalUnits: { ...POSITIVE, "x-tool-checks": "an end inside the representable date range" },
      unitsPerPeriod: POSITIVE,
      periodSeconds: POSITIVE,
      start: { type: "string", minLength: 4, maxLength: 64, description: "ISO 8601; without an offset, UTC. Default now.", "x-tool-checks": "an ISO 8601 date-time" },
    },
  },
  output: {
    type: "object",
    required: ["durationSeconds", "durationIso8601", "end"],
    additionalProperties: false,
    properties: { durationSeconds: { type: "number", minimum: 0 }, durationIso8601: { type: "string" }, end: { type: "string" } },
  },
  examples: [
    {
      title: "10 000 items at 60 a minute",
      source: "python3: 10000/60*60 = 10000 s = timedelta 2:46:40 after 2026-01-01T00:00Z",
      input: { totalUnits: 10000, unitsPerPeriod: 60, periodSeconds: 60, start: "2026-01-01T00:00:00Z" },
      output: { durationSeconds: 10000, durationIso8601: "PT2H46M40S", end: "2026-01-01T02:46:40.000Z" },
    },
    {
      title: "1 TB at 50 MB/s, started at 22:00 in Paris",
      source: "python3: 1e6/50*1 = 20000 s = 5:33:20 after 2024-12-31T22:00+01:00, shown in UTC",
      input: { totalUnits: 1000000, unitsPerPeriod: 50, periodSeconds: 1, start: "2024-12-31T22:00:00+01:00" },
      output: { durationSeconds: 20000, durationIso8601: "PT5H33M20S", end: "2025-01-01T02:33:20.000Z" },
    },
    {
      title: "Several days across a leap day",
      source: "python3: 500/3*3600 = 600000 s = 6 days 22:40 after 2024-02-25T00:00Z (2024-02-29 exists)",
      input: { totalUnits: 500, unitsPerPeriod: 3, periodSeconds: 3600, start: "2024-02-25T00:00:00Z" },
      output: { durationSeconds: 600000, durationIso8601: "P6DT22H40M", end: "2024-03-02T22:40:00.000Z" },
    },
    {
      title: "Fractions are rounded to the millisecond for the end",
      source: "python3: 1/3*1 = 0.3333333333333333 s, round(333.33) = 333 ms",
      input: { totalUnits: 1, unitsPerPeriod: 3, periodSeconds: 1, start: "2026-01-01T00:00:00Z" },
      output: { durationSeconds: 0.3333333333333333, durationIso8601: "PT0.333S", end: "2026-01-01T00:00:00.333Z" },
    },
    { title: "Finish time from now", input: { totalUnits: 120, unitsPerPeriod: 1, periodSeconds: 30 } },
  ],
  run: ({ totalUnits, unitsPerPeriod, periodSeconds, start }: EtaInput, context: ToolContext) => {
    const from = start === undefined ? DateTime.fromMillis(context.now(), { zone: "UTC" }) : fromIsoText(start, "UTC");
    if (!from) return err(invalidField("start", "start must be an ISO 8601 date-time, e.g. 2026-01-01T00:00:00Z."));
    const durationSeconds = (totalUnits / unitsPerPeriod) * periodSeconds;
    const durationMs = Math.round(durationSeconds * 1000);
    // Checked before plus(): luxon throws on an infinite amount rather than returning an invalid date.
    const end = durationMs <= MAX_SPAN_MS ? from.plus(durationMs).toUTC() : undefined;
    if (!end?.isValid) return err(invalidField("totalUnits", "The job would end beyond the representable date range (year 275760)."));
    const duration = Duration.fromMillis(durationMs).shiftTo("days", "hours", "minutes", "seconds");
    return ok({ durationSeconds, durationIso8601: duration.toISO() ?? "", end: toIsoString(end) });
  },
});
