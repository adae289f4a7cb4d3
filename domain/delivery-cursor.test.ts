import { describe, expect, it } from "vitest";
import { readDeliveryCursor, readPageLimit, toDeliveryCursor } from "./delivery-cursor.ts";

describe("the deliveries cursor", () => {
  it.each(["000001795919558499|dlv_abc", "x", "~".repeat(150)])("reads back the position %j it was made from", (position) => {
    expect(readDeliveryCursor(toDeliveryCursor(position))).toBe(position);
  });

  it.each([
    ["not base64url", "a+b"],
    ["padding", `${toDeliveryCursor("ab")}=`],
    ["a control character", toDeliveryCursor("a\u0000b")],
    ["a space", toDeliveryCursor("a b")],
    ["too long a position", toDeliveryCursor("p".repeat(151))],
    ["not UTF-8", Buffer.from([0xff, 0xfe]).toString("base64url")],
    ["empty", ""],
  ])("refuses %s", (_name, cursor) => {
    expect(readDeliveryCursor(cursor)).toBeUndefined();
  });
});

describe("the page limit", () => {
  it.each([
    [undefined, 50], ["1", 1], ["200", 200], ["201", undefined], ["0", undefined], ["01", undefined], ["-1", undefined], ["1.5", undefined], ["ten", undefined],
  ])("%j reads as %j", (text, limit) => {
    expect(readPageLimit(text)).toBe(limit);
  });
});
