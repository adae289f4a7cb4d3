import { DateTime } from "luxon";
import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { fromIsoText, isKnownZone, LOCALE, TIME_ZONE_SCHEMA, toIsoString } from "./luxon-support.ts";

const INPUT_FORMATS = ["auto", "unix-seconds", "unix-milliseconds", "iso8601", "rfc2822", "http"] as const;
type InputFormat = (typeof INPUT_FORMATS)[number];

interface TimestampInput {
  value: string | number;
  inputFormat: InputFormat;
  timeZone: string;
}

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const STRING = { type: "string" } as const;
const INTEGER = { type: "integer" } as const;

function fromNumber(value: number, format: InputFormat): number {
  const seconds = format === "unix-seconds" || (format === "auto" && Math.abs(value) < 1e11);
  return Math.round(seconds ? value * 1000 : value);
}

/** Epoch ms of the value, or undefined when it does not read in the requested format. */
function toEpochMs({ value, inputFormat, timeZone }: TimestampInput): number | undefined {
  const text = typeof value === "string" ? value.trim() : "";
  const numeric = typeof value === "number" ? value : NUMERIC.test(text) ? Number(text) : undefined;
  if (inputFormat === "auto" || inputFormat === "unix-seconds" || inputFormat === "unix-milliseconds") {
    if (numeric !== undefined) return fromNumber(numeric, inputFormat);
    if (inputFormat !== "auto") return undefined;
  } else if (typeof value === "number") return undefined;
  const candidates = {
    iso8601: () => fromIsoText(text, timeZone),
    rfc2822: () => DateTime.fromRFC2822(text, { zone: "UTC" }),
    // RFC 9110 dates are always GMT, including the zone-less asctime form.
    http: () => DateTime.fromHTTP(text, { zone: "UTC" }),
  };
  const order = inputFormat === "auto" ? (["iso8601", "rfc2822", "http"] as const) : [inputFormat];
  for (const format of order) {
    const parsed = candidates[format]();
    if (parsed?.isValid) return parsed.toMillis();
  }
  return undefined;
}

function toForms(dateTime: DateTime) {
  return {
    iso8601: toIsoString(dateTime),
    iso8601Utc: toIsoString(dateTime.toUTC()),
    rfc2822: dateTime.toRFC2822() ?? "",
    httpDate: dateTime.toHTTP() ?? "",
    weekday: dateTime.toFormat("cccc"),
    timeZone: dateTime.zoneName ?? "",
    offset: dateTime.toFormat("ZZ"),
    unixSeconds: Math.floor(dateTime.toMillis() / 1000),
    unixMilliseconds: dateTime.toMillis(),
    dayOfYear: dateTime.ordinal,
    isoWeek: dateTime.weekNumber,
    isoWeekYear: dateTime.weekYear,
    quarter: dateTime.quarter,
    isLeapYear: dateTime.isInLeapYear,
  };
}

/** Deliberately no "relative to now" fields: the output depends on the input only. */
export const timestampConverter = defineTool({
  id: "timestamp-converter",
  name: "Timestamp Converter",
  category: "date-time",
  description:
    "Convert a Unix timestamp or an ISO 8601 / RFC 2822 / HTTP date to every common form in a time zone. " +
    "auto reads numbers below 1e11 in magnitude as seconds, larger ones as milliseconds.",
  input: {
    type: "object",
    required: ["value"],
    additionalProperties: false,
    properties: {
      value: { type: ["string", "number"], minLength: 1, maxLength: 256, "x-tool-checks": "a date in inputFormat" },
      inputFormat: { type: "string", enum: INPUT_FORMATS, default: "auto" },
      timeZone: { ...TIME_ZONE_SCHEMA, default: "UTC", "x-tool-checks": "an IANA time zone" },
    },
  },
  output: {
    type: "object",
    required: [
      "iso8601", "iso8601Utc", "rfc2822", "httpDate", "weekday", "timeZone", "offset", "unixSeconds", "unixMilliseconds",
      "dayOfYear", "isoWeek", "isoWeekYear", "quarter", "isLeapYear",
    ],
    additionalProperties: false,
    properties: {
      iso8601: STRING, iso8601Utc: STRING, rfc2822: STRING, httpDate: STRING, weekday: STRING, timeZone: STRING, offset: STRING,
      unixSeconds: INTEGER, unixMilliseconds: INTEGER,
      dayOfYear: { type: "integer", minimum: 1, maximum: 366 },
      isoWeek: { type: "integer", minimum: 1, maximum: 53 },
      isoWeekYear: INTEGER,
      quarter: { type: "integer", minimum: 1, maximum: 4 },
      isLeapYear: { type: "boolean" },
    },
  },
  examples: [
    {
      title: "Unix seconds (auto: below 1e11)",
      source: "python3 datetime.fromtimestamp(1700000000, ZoneInfo(\"UTC\")): isoformat, email.utils.format_datetime, isocalendar, tm_yday",
      input: { value: 1700000000, inputFormat: "auto", timeZone: "UTC" },
      output: {
        iso8601: "2023-11-14T22:13:20.000Z", iso8601Utc: "2023-11-14T22:13:20.000Z",
        rfc2822: "Tue, 14 Nov 2023 22:13:20 +0000", httpDate: "Tue, 14 Nov 2023 22:13:20 GMT",
        weekday: "Tuesday", timeZone: "UTC", offset: "+00:00", unixSeconds: 1700000000, unixMilliseconds: 1700000000000,
        dayOfYear: 318, isoWeek: 46, isoWeekYear: 2023, quarter: 4, isLeapYear: false,
      },
    },
    {
      title: "Unix milliseconds shown in New York",
      source: "python3 datetime.fromtimestamp(1700000000, ZoneInfo(\"America/New_York\")) as above",
      input: { value: 1700000000000, inputFormat: "auto", timeZone: "America/New_York" },
      output: {
        iso8601: "2023-11-14T17:13:20.000-05:00", iso8601Utc: "2023-11-14T22:13:20.000Z",
        rfc2822: "Tue, 14 Nov 2023 17:13:20 -0500", httpDate: "Tue, 14 Nov 2023 22:13:20 GMT",
        weekday: "Tuesday", timeZone: "America/New_York", offset: "-05:00", unixSeconds: 1700000000, unixMilliseconds: 1700000000000,
        dayOfYear: 318, isoWeek: 46, isoWeekYear: 2023, quarter: 4, isLeapYear: false,
      },
    },
    {
      title: "ISO 8601 with an offset, leap day",
      source: "python3 datetime.fromisoformat(\"2024-02-29T12:30:45.678+05:30\") in ZoneInfo(\"Asia/Kolkata\")",
      input: { value: "2024-02-29T12:30:45.678+05:30", inputFormat: "iso8601", timeZone: "Asia/Kolkata" },
      output: {
        iso8601: "2024-02-29T12:30:45.678+05:30", iso8601Utc: "2024-02-29T07:00:45.678Z",
        rfc2822: "Thu, 29 Feb 2024 12:30:45 +0530", httpDate: "Thu, 29 Feb 2024 07:00:45 GMT",
        weekday: "Thursday", timeZone: "Asia/Kolkata", offset: "+05:30", unixSeconds: 1709190045, unixMilliseconds: 1709190045678,
        dayOfYear: 60, isoWeek: 9, isoWeekYear: 2024, quarter: 1, isLeapYear: true,
      },
    },
    {
      title: "The HTTP-date example of RFC 9110",
      source: "RFC 9110 §5.6.7 example \"Sun, 06 Nov 1994 08:49:37 GMT\"; python3 email.utils.parsedate_to_datetime",
      input: { value: "Sun, 06 Nov 1994 08:49:37 GMT", inputFormat: "http", timeZone: "UTC" },
      output: {
        iso8601: "1994-11-06T08:49:37.000Z", iso8601Utc: "1994-11-06T08:49:37.000Z",
        rfc2822: "Sun, 06 Nov 1994 08:49:37 +0000", httpDate: "Sun, 06 Nov 1994 08:49:37 GMT",
        weekday: "Sunday", timeZone: "UTC", offset: "+00:00", unixSeconds: 784111777, unixMilliseconds: 784111777000,
        dayOfYear: 310, isoWeek: 44, isoWeekYear: 1994, quarter: 4, isLeapYear: false,
      },
    },
    {
      title: "The RFC 5322 appendix A.1.1 date, shown in Berlin",
      source: "RFC 5322 A.1.1 \"Fri, 21 Nov 1997 09:55:06 -0600\"; python3 parsedate_to_datetime, ZoneInfo(\"Europe/Berlin\")",
      input: { value: "Fri, 21 Nov 1997 09:55:06 -0600", inputFormat: "rfc2822", timeZone: "Europe/Berlin" },
      output: {
        iso8601: "1997-11-21T16:55:06.000+01:00", iso8601Utc: "1997-11-21T15:55:06.000Z",
        rfc2822: "Fri, 21 Nov 1997 16:55:06 +0100", httpDate: "Fri, 21 Nov 1997 15:55:06 GMT",
        weekday: "Friday", timeZone: "Europe/Berlin", offset: "+01:00", unixSeconds: 880127706, unixMilliseconds: 880127706000,
        dayOfYear: 325, isoWeek: 47, isoWeekYear: 1997, quarter: 4, isLeapYear: false,
      },
    },
    {
      title: "3 January 2021 belongs to ISO week 53 of 2020",
      source: "ISO 8601 week rule (week 1 holds the first Thursday); python3 date(2021,1,3).isocalendar()",
      input: { value: "2021-01-03T00:00:00Z", inputFormat: "auto", timeZone: "UTC" },
      output: {
        iso8601: "2021-01-03T00:00:00.000Z", iso8601Utc: "2021-01-03T00:00:00.000Z",
        rfc2822: "Sun, 03 Jan 2021 00:00:00 +0000", httpDate: "Sun, 03 Jan 2021 00:00:00 GMT",
        weekday: "Sunday", timeZone: "UTC", offset: "+00:00", unixSeconds: 1609632000, unixMilliseconds: 1609632000000,
        dayOfYear: 3, isoWeek: 53, isoWeekYear: 2020, quarter: 1, isLeapYear: false,
      },
    },
    {
      title: "A negative timestamp before the epoch",
      source: "python3 datetime(1970,1,1,tzinfo=timezone.utc) - timedelta(days=1); 1969-12-31 is in ISO week 1 of 1970",
      input: { value: -86400, inputFormat: "unix-seconds", timeZone: "UTC" },
      output: {
        iso8601: "1969-12-31T00:00:00.000Z", iso8601Utc: "1969-12-31T00:00:00.000Z",
        rfc2822: "Wed, 31 Dec 1969 00:00:00 +0000", httpDate: "Wed, 31 Dec 1969 00:00:00 GMT",
        weekday: "Wednesday", timeZone: "UTC", offset: "+00:00", unixSeconds: -86400, unixMilliseconds: -86400000,
        dayOfYear: 365, isoWeek: 1, isoWeekYear: 1970, quarter: 4, isLeapYear: false,
      },
    },
  ],
  run: (input: TimestampInput) => {
    if (!isKnownZone(input.timeZone)) return err(invalidField("timeZone", `Unknown time zone: ${input.timeZone}.`));
    const epochMs = toEpochMs(input);
    const dateTime = epochMs === undefined ? undefined : DateTime.fromMillis(epochMs, { zone: input.timeZone, locale: LOCALE });
    if (!dateTime?.isValid) return err(invalidField("value", `value is not a date in the ${input.inputFormat} format(s) or is out of range.`));
    return ok(toForms(dateTime));
  },
});
