import { describe, expect, it } from "vitest";
import { timestampConverter } from "./timestamp-converter.ts";
import { outputOf, refusalOf } from "../testing/tool-harness.ts";

const unixOf = async (input: Record<string, unknown>) => (await outputOf(timestampConverter, input)).unixMilliseconds;

describe("timestamp-converter", () => {
  it("reads auto numbers below 1e11 in magnitude as seconds and the rest as milliseconds", async () => {
    expect(await unixOf({ value: 99_999_999_999 })).toBe(99_999_999_999_000);
    expect(await unixOf({ value: 100_000_000_000 })).toBe(100_000_000_000);
    expect(await unixOf({ value: -99_999_999_999 })).toBe(-99_999_999_999_000);
  });

  it("reads numeric strings as numbers and keeps fractional seconds to the millisecond", async () => {
    expect(await unixOf({ value: "1700000000" })).toBe(1_700_000_000_000);
    expect(await unixOf({ value: "1700000000.5", inputFormat: "unix-seconds" })).toBe(1_700_000_000_500);
    expect(await unixOf({ value: 1_700_000_000, inputFormat: "unix-milliseconds" })).toBe(1_700_000_000);
  });

  it("reads all three HTTP-date forms of RFC 9110 §5.6.7 as the same instant", async () => {
    for (const value of ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"]) {
      expect(await unixOf({ value, inputFormat: "http" })).toBe(784_111_777_000);
    }
  });

  it("reads an ISO date-time without offset as wall time in timeZone", async () => {
    const out = await outputOf(timestampConverter, { value: "2024-07-01T12:00:00", timeZone: "Europe/London" });
    expect(out).toMatchObject({ iso8601: "2024-07-01T12:00:00.000+01:00", iso8601Utc: "2024-07-01T11:00:00.000Z", offset: "+01:00" });
  });

  it("formats in English whatever the locale of the server", async () => {
    const out = await outputOf(timestampConverter, { value: 0, timeZone: "Asia/Tokyo" });
    expect(out).toMatchObject({ weekday: "Thursday", rfc2822: "Thu, 01 Jan 1970 09:00:00 +0900", httpDate: "Thu, 01 Jan 1970 00:00:00 GMT" });
  });

  it("refuses values that do not read in the requested format (422)", async () => {
    expect(await refusalOf(timestampConverter, { value: "yesterday" })).toBe("tool");
    expect(await refusalOf(timestampConverter, { value: 1_700_000_000, inputFormat: "iso8601" })).toBe("tool");
    expect(await refusalOf(timestampConverter, { value: "2024-01-01", inputFormat: "unix-seconds" })).toBe("tool");
    expect(await refusalOf(timestampConverter, { value: "Sun, 06 Nov 1994 08:49:37 GMT", inputFormat: "iso8601" })).toBe("tool");
    expect(await refusalOf(timestampConverter, { value: 1e20 })).toBe("tool");
  });

  it("refuses an unknown time zone (422)", async () => {
    expect(await refusalOf(timestampConverter, { value: 0, timeZone: "Mars/Olympus_Mons" })).toBe("tool");
  });
});
