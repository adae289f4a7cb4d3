import { describe, expect, it } from "vitest";
import { timezoneConverter } from "./timezone-converter.ts";
import { outputOf, refusalOf } from "../testing/tool-harness.ts";

describe("timezone-converter", () => {
  it("takes the instant from an explicit offset and reports the source zone's offset at that instant", async () => {
    const out = await outputOf(timezoneConverter, { dateTime: "2024-10-27T02:30:00+01:00", fromTimeZone: "Europe/Paris", toTimeZone: "UTC" });
    expect(out).toEqual({ result: "2024-10-27T01:30:00.000Z", fromOffset: "+01:00", toOffset: "+00:00", utc: "2024-10-27T01:30:00.000Z" });
  });

  it("reads the repeated New York hour as its first (EDT) occurrence", async () => {
    // python3: datetime(2024,11,3,1,30,tzinfo=ZoneInfo("America/New_York")) (fold=0) → 05:30Z
    const out = await outputOf(timezoneConverter, { dateTime: "2024-11-03T01:30:00", fromTimeZone: "America/New_York", toTimeZone: "UTC" });
    expect(out.utc).toBe("2024-11-03T05:30:00.000Z");
  });

  it("refuses unknown zones and text that is not ISO 8601 (422)", async () => {
    const base = { dateTime: "2024-01-01T00:00:00", fromTimeZone: "UTC", toTimeZone: "UTC" };
    expect(await refusalOf(timezoneConverter, { ...base, fromTimeZone: "Nowhere/City" })).toBe("tool");
    expect(await refusalOf(timezoneConverter, { ...base, toTimeZone: "Nowhere/City" })).toBe("tool");
    expect(await refusalOf(timezoneConverter, { ...base, dateTime: "01/02/2024 10:00" })).toBe("tool");
    expect(await refusalOf(timezoneConverter, { ...base, dateTime: "2024-02-30T00:00:00" })).toBe("tool");
  });
});
