import { describe, expect, it } from "vitest";
import { toThrottleAddress } from "./client-address.ts";

describe("toThrottleAddress", () => {
  it.each([
    ["203.0.113.5", "203.0.113.5"],
    ["::ffff:203.0.113.5", "203.0.113.5"],
    ["::FFFF:cb00:7105", "203.0.113.5"],
    ["[::ffff:127.0.0.1]", "127.0.0.1"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:aaaa::7%eth0", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["2001:db8:0:0:1::", "2001:db8:0:0::/64"],
    ["2001:db8:1:3::1", "2001:db8:1:3::/64"],
    ["::1", "0:0:0:0::/64"],
    ["64:ff9b::203.0.113.5", "64:ff9b:0:0::/64"],
    ["unknown", "unknown"],
    ["1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7:8:9"],
    ["1::2::3", "1::2::3"],
    ["1.2.3.4::", "1.2.3.4::"],
  ])("counts %s as %s", (address, bucket) => {
    expect(toThrottleAddress(address)).toBe(bucket);
  });

  it("puts every address of one /64 in one bucket and a neighbouring /64 in another", () => {
    const buckets = new Set(Array.from({ length: 60 }, (_, i) => toThrottleAddress(`2001:db8:77:1::${(i + 1).toString(16)}`)));
    expect([...buckets]).toEqual(["2001:db8:77:1::/64"]);
    expect(toThrottleAddress("2001:db8:77:2::1")).not.toBe("2001:db8:77:1::/64");
  });
});
