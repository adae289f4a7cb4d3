import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { fromIsoText, isKnownZone, TIME_ZONE_SCHEMA, toIsoString } from "./luxon-support.ts";

interface TimezoneInput {
  dateTime: string;
  fromTimeZone: string;
  toTimeZone: string;
}

const STRING = { type: "string" } as const;

/** Zone rules come from Node's ICU tz data (catalog DATA flag): future dates follow the rules known today. */
export const timezoneConverter = defineTool({
  id: "timezone-converter",
  name: "Time Zone Converter",
  category: "date-time",
  description:
    "Convert a wall-clock time from one IANA time zone to another. Without an offset, dateTime is read in fromTimeZone " +
    "(a repeated DST hour means its first occurrence; a skipped one moves forward).",
  input: {
    type: "object",
    required: ["dateTime", "fromTimeZone", "toTimeZone"],
    additionalProperties: false,
    properties: {
      dateTime: { type: "string", minLength: 4, maxLength: 64, description: "ISO 8601, e.g. 2024-06-15T09:00:00.", "x-tool-checks": "an ISO 8601 date-time" },
      fromTimeZone: { ...TIME_ZONE_SCHEMA, "x-tool-checks": "an IANA time zone" },
      toTimeZone: { ...TIME_ZONE_SCHEMA, "x-tool-checks": "an IANA time zone" },
    },
  },
  output: {
    type: "object",
    required: ["result", "fromOffset", "toOffset", "utc"],
    additionalProperties: false,
    properties: { result: STRING, fromOffset: STRING, toOffset: STRING, utc: STRING },
  },
  examples: [
    {
      title: "A New York morning in Tokyo",
      source: "python3: datetime(2024,6,15,9,tzinfo=ZoneInfo('America/New_York')).astimezone(ZoneInfo('Asia/Tokyo'))",
      input: { dateTime: "2024-06-15T09:00:00", fromTimeZone: "America/New_York", toTimeZone: "Asia/Tokyo" },
      output: { result: "2024-06-15T22:00:00.000+09:00", fromOffset: "-04:00", toOffset: "+09:00", utc: "2024-06-15T13:00:00.000Z" },
    },
    {
      title: "A time inside the spring-forward gap moves forward",
      source: "RFC 5545 §3.3.5 (offset before the gap); python3 ZoneInfo('Europe/Paris') with fold=0 gives 01:30Z = 03:30+02:00",
      input: { dateTime: "2024-03-31T02:30:00", fromTimeZone: "Europe/Paris", toTimeZone: "UTC" },
      output: { result: "2024-03-31T01:30:00.000Z", fromOffset: "+02:00", toOffset: "+00:00", utc: "2024-03-31T01:30:00.000Z" },
    },
    {
      title: "A repeated fall-back hour means its first occurrence",
      source: "RFC 5545 §3.3.5 (first occurrence); python3 ZoneInfo('Europe/Paris') with fold=0: 02:30+02:00 = 00:30Z",
      input: { dateTime: "2024-10-27T02:30:00", fromTimeZone: "Europe/Paris", toTimeZone: "UTC" },
      output: { result: "2024-10-27T00:30:00.000Z", fromOffset: "+02:00", toOffset: "+00:00", utc: "2024-10-27T00:30:00.000Z" },
    },
    {
      title: "An instant with an offset into a +05:45 zone",
      source: "python3: datetime.fromisoformat('2024-01-01T00:00:00+00:00').astimezone(ZoneInfo('Asia/Kathmandu'))",
      input: { dateTime: "2024-01-01T00:00:00Z", fromTimeZone: "UTC", toTimeZone: "Asia/Kathmandu" },
      output: { result: "2024-01-01T05:45:00.000+05:45", fromOffset: "+00:00", toOffset: "+05:45", utc: "2024-01-01T00:00:00.000Z" },
    },
    {
      title: "Lord Howe's half-hour DST, first occurrence of the repeated half hour",
      source: "python3: datetime(2024,4,7,1,45,tzinfo=ZoneInfo('Australia/Lord_Howe')) (fold=0) in America/Los_Angeles",
      input: { dateTime: "2024-04-07T01:45:00", fromTimeZone: "Australia/Lord_Howe", toTimeZone: "America/Los_Angeles" },
      output: { result: "2024-04-06T07:45:00.000-07:00", fromOffset: "+11:00", toOffset: "-07:00", utc: "2024-04-06T14:45:00.000Z" },
    },
  ],
  run: ({ dateTime, fromTimeZone, toTimeZone }: TimezoneInput) => {
    if (!isKnownZone(fromTimeZone)) return err(invalidField("fromTimeZone", `Unknown time zone: ${fromTimeZone}.`));
    if (!isKnownZone(toTimeZone)) return err(invalidField("toTimeZone", `Unknown time zone: ${toTimeZone}.`));
    const instant = fromIsoText(dateTime, fromTimeZone);
    if (!instant) return err(invalidField("dateTime", "dateTime must be an ISO 8601 date-time, e.g. 2024-06-15T09:00:00."));
    const target = instant.setZone(toTimeZone);
    return ok({
      result: toIsoString(target),
      fromOffset: instant.setZone(fromTimeZone).toFormat("ZZ"),
      toOffset: target.toFormat("ZZ"),
      utc: toIsoString(instant.toUTC()),
    });
  },
});
