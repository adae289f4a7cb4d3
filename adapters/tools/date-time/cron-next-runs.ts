import { DateTime } from "luxon";
import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool, type ToolContext } from "../../../domain/tool.ts";
import { fromIsoText, isKnownZone, TIME_ZONE_SCHEMA, toIsoString } from "./luxon-support.ts";
import { lazy } from "../lazy.ts";

const loadCronParser = lazy(() => import("cron-parser"));

interface CronNextRunsInput {
  expression: string;
  from?: string;
  count: number;
  timeZone: string;
}

async function toRuns({ expression, count, timeZone }: CronNextRunsInput, from: Date): Promise<string[]> {
  const { CronExpressionParser } = await loadCronParser();
  const schedule = CronExpressionParser.parse(expression, { currentDate: from, tz: timeZone });
  return Array.from({ length: count }, () => toIsoString(DateTime.fromMillis(schedule.next().getTime(), { zone: "UTC" })));
}

/**
 * Runs are strictly after `from`. Wall times skipped by DST run once at the shifted instant, repeated ones once at
 * the first occurrence. Without `from` the answer depends on the clock (catalog RAND flag).
 */
export const cronNextRuns = defineTool({
  id: "cron-next-runs",
  name: "Cron Next Runs",
  category: "date-time",
  description:
    "The next run times (ISO 8601, UTC) of a cron expression evaluated in a time zone, after a given instant (default now). " +
    "Five fields start at the minute, six at the second.",
  input: {
    type: "object",
    required: ["expression"],
    additionalProperties: false,
    properties: {
      expression: { type: "string", minLength: 1, maxLength: 256, "x-tool-checks": "a 5- or 6-field cron expression" },
      from: { type: "string", minLength: 4, maxLength: 64, description: "ISO 8601; without an offset, wall time in timeZone. Default now.", "x-tool-checks": "an ISO 8601 date-time" },
      count: { type: "integer", minimum: 1, maximum: 50, default: 5 },
      timeZone: { ...TIME_ZONE_SCHEMA, default: "UTC", "x-tool-checks": "an IANA time zone" },
    },
  },
  output: {
    type: "object",
    required: ["runs"],
    additionalProperties: false,
    properties: { runs: { type: "array", maxItems: 50, items: { type: "string" } } },
  },
  examples: [
    {
      title: "Every quarter hour",
      source: "Hand count from 00:07Z: the next multiples of 15 minutes (cron(8) step syntax)",
      input: { expression: "*/15 * * * *", from: "2026-01-01T00:07:00Z", count: 5, timeZone: "UTC" },
      output: {
        runs: ["2026-01-01T00:15:00.000Z", "2026-01-01T00:30:00.000Z", "2026-01-01T00:45:00.000Z", "2026-01-01T01:00:00.000Z", "2026-01-01T01:15:00.000Z"],
      },
    },
    {
      title: "09:00 in New York across the March DST change",
      source: "python3: datetime(2024,3,d,9,tzinfo=ZoneInfo('America/New_York')).astimezone(timezone.utc) for d = 8..11",
      input: { expression: "0 9 * * *", from: "2024-03-08T12:00:00Z", count: 4, timeZone: "America/New_York" },
      output: { runs: ["2024-03-08T14:00:00.000Z", "2024-03-09T14:00:00.000Z", "2024-03-10T13:00:00.000Z", "2024-03-11T13:00:00.000Z"] },
    },
    {
      title: "02:30 in Paris: skipped on spring-forward night, so it runs at 03:30 CEST (01:30Z)",
      source: "python3: datetime(2024,3,d,2,30,tzinfo=ZoneInfo('Europe/Paris')) (fold=0) in UTC for d = 30, 31 and April 1",
      input: { expression: "30 2 * * *", from: "2024-03-30T00:00:00Z", count: 3, timeZone: "Europe/Paris" },
      output: { runs: ["2024-03-30T01:30:00.000Z", "2024-03-31T01:30:00.000Z", "2024-04-01T00:30:00.000Z"] },
    },
    {
      title: "Leap days only",
      source: "python3 calendar.isleap: the leap years after 2024 are 2028, 2032",
      input: { expression: "0 0 29 2 *", from: "2024-03-01T00:00:00Z", count: 2, timeZone: "UTC" },
      output: { runs: ["2028-02-29T00:00:00.000Z", "2032-02-29T00:00:00.000Z"] },
    },
    {
      title: "Six fields: every 20 seconds",
      source: "Hand count from 00:00:00Z (the start itself is excluded)",
      input: { expression: "*/20 * * * * *", from: "2026-01-01T00:00:00Z", count: 3, timeZone: "UTC" },
      output: { runs: ["2026-01-01T00:00:20.000Z", "2026-01-01T00:00:40.000Z", "2026-01-01T00:01:00.000Z"] },
    },
    {
      title: "Mondays at noon in Tokyo from a zone-less Saturday morning",
      source: "python3: 2024-06-15 is a Saturday; datetime(2024,6,d,12,tzinfo=ZoneInfo('Asia/Tokyo')) in UTC for d = 17, 24",
      input: { expression: "0 12 * * MON", from: "2024-06-15T10:00:00", count: 2, timeZone: "Asia/Tokyo" },
      output: { runs: ["2024-06-17T03:00:00.000Z", "2024-06-24T03:00:00.000Z"] },
    },
    { title: "The next five runs from now", input: { expression: "0 * * * *", count: 5, timeZone: "UTC" } },
  ],
  run: async (input: CronNextRunsInput, context: ToolContext) => {
    if (!isKnownZone(input.timeZone)) return err(invalidField("timeZone", `Unknown time zone: ${input.timeZone}.`));
    const from = input.from === undefined ? new Date(context.now()) : fromIsoText(input.from, input.timeZone)?.toJSDate();
    if (!from) return err(invalidField("from", "from must be an ISO 8601 date-time, e.g. 2026-01-01T00:00:00Z."));
    try {
      return ok({ runs: await toRuns(input, from) });
    } catch (error) {
      // Parse errors and impossible schedules such as "0 0 30 2 *" both end here.
      return err(invalidField("expression", `Invalid cron expression: ${(error as Error).message}`));
    }
  },
});
