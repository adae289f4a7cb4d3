import { describe, expect, it } from "vitest";
import { cronDescribe } from "./cron-describe.ts";
import { outputOf, refusalOf } from "../testing/tool-harness.ts";

describe("cron-describe", () => {
  it("describes a six-field expression with seconds", async () => {
    expect((await outputOf(cronDescribe, { expression: "*/10 * * * * *" })).description).toBe("Every 10 seconds");
  });

  it("uses the 24-hour clock by default", async () => {
    expect((await outputOf(cronDescribe, { expression: "30 2 * * 1-5" })).description).toBe("At 02:30, Monday through Friday");
  });

  it("refuses anything but 5 or 6 fields (422)", async () => {
    expect(await refusalOf(cronDescribe, { expression: "* * * *" })).toBe("tool");
    expect(await refusalOf(cronDescribe, { expression: "0 0 12 * * * 2025" })).toBe("tool");
    expect(await refusalOf(cronDescribe, { expression: "@daily" })).toBe("tool");
  });

  it("refuses out-of-range fields and unknown locales (422)", async () => {
    expect(await refusalOf(cronDescribe, { expression: "60 * * * *" })).toBe("tool");
    expect(await refusalOf(cronDescribe, { expression: "* * * * *", locale: "xx" })).toBe("tool");
    expect(await refusalOf(cronDescribe, { expression: "* * * * *", locale: "constructor" })).toBe("tool");
  });
});
