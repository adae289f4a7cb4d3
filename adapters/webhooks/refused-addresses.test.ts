import { describe, expect, it } from "vitest";
import { refusedRange } from "./refused-addresses.ts";

/** `::ffff:` and the IPv4 address as two hex groups, the form URL parsers and some resolvers write. */
function mappedHex(v4: string): string {
  const [a, b, c, d] = v4.split(".").map(Number);
  return `::ffff:${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

const REFUSED_V4: readonly (readonly [string, string])[] = [
  ["127.0.0.1", "loopback"],
  ["127.255.255.254", "loopback"],
  ["10.0.0.1", "private"],
  ["10.255.255.255", "private"],
  ["172.16.0.1", "private"],
  ["172.31.255.254", "private"],
  ["192.168.1.1", "private"],
  ["169.254.169.254", "link-local"],
  ["169.254.0.1", "link-local"],
  ["100.64.0.1", "carrier-grade NAT"],
  ["100.127.255.254", "carrier-grade NAT"],
  ["0.0.0.0", "unspecified"],
  ["0.1.2.3", "unspecified"],
  ["224.0.0.1", "multicast"],
  ["239.255.255.250", "multicast"],
  ["255.255.255.255", "broadcast"],
  ["192.0.2.1", "reserved"],
  ["198.51.100.7", "reserved"],
  ["203.0.113.9", "reserved"],
  ["240.0.0.1", "reserved"],
  ["198.18.0.1", "reserved"],
];

const REFUSED_V6: readonly (readonly [string, string])[] = [
  ["::1", "loopback"],
  ["0:0:0:0:0:0:0:1", "loopback"],
  ["fc00::1", "unique-local"],
  ["fd12:3456:789a::1", "unique-local"],
  ["fe80::1", "link-local"],
  ["fe80::1%eth0", "link-local"],
  ["febf:ffff::1", "link-local"],
  ["::", "unspecified"],
  ["ff02::1", "multicast"],
  ["ff05::1:3", "multicast"],
  ["2001:db8::1", "reserved"],
  // IPv4-compatible (deprecated) and other blocks outside global unicast 2000::/3
  ["::7f00:1", "reserved"],
  // ipaddr.js reads the dotted IPv4-compatible form as the mapped one: refused either way
  ["::127.0.0.1", "loopback"],
  ["100::1", "special-purpose"],
  ["fec0::1", "special-purpose"],
  // 6to4 and Teredo tunnel to an IPv4 address chosen by whoever wrote the address
  ["2002:7f00:1::1", "special-purpose"],
  ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "special-purpose"],
  ["::ffff:0:7f00:1", "special-purpose"],
  ["64:ff9b:1::a00:1", "special-purpose"],
];

describe("refusedRange", () => {
  it.each(REFUSED_V4)("refuses %s as %s", (address, word) => {
    expect(refusedRange(address)).toBe(word);
  });

  it.each(REFUSED_V4)("refuses the IPv4-mapped ::ffff:%s as %s", (address, word) => {
    expect(refusedRange(`::ffff:${address}`)).toBe(word);
    expect(refusedRange(`::FFFF:${address}`)).toBe(word);
    expect(refusedRange(`0:0:0:0:0:ffff:${address}`)).toBe(word);
  });

  it.each(REFUSED_V4)("refuses %s mapped in hex form as %s", (address, word) => {
    expect(refusedRange(mappedHex(address))).toBe(word);
  });

  it.each(REFUSED_V4)("refuses %s behind the NAT64 prefix 64:ff9b::/96 as %s", (address, word) => {
    expect(refusedRange(`64:ff9b::${address}`)).toBe(word);
  });

  it("writes the hex forms the tests rely on", () => {
    expect(mappedHex("127.0.0.1")).toBe("::ffff:7f00:1");
    expect(mappedHex("169.254.169.254")).toBe("::ffff:a9fe:a9fe");
    expect(refusedRange("::ffff:7f00:1")).toBe("loopback");
    expect(refusedRange("::ffff:a9fe:a9fe")).toBe("link-local");
    expect(refusedRange("::ffff:a00:1")).toBe("private");
  });

  it.each(REFUSED_V6)("refuses %s as %s", (address, word) => {
    expect(refusedRange(address)).toBe(word);
  });

  it.each([
    "93.184.215.14",
    "8.8.8.8",
    "1.1.1.1",
    // the neighbours of refused blocks
    "100.63.255.255",
    "100.128.0.0",
    "172.15.255.255",
    "172.32.0.0",
    "169.253.255.255",
    "11.0.0.1",
    "223.255.255.254",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "::ffff:8.8.8.8",
    "::ffff:808:808",
    "64:ff9b::8.8.8.8",
  ])("accepts the public unicast address %s", (address) => {
    expect(refusedRange(address)).toBeUndefined();
  });

  it.each(["", "example.com", "127.1", "0x7f000001", "2130706433", "017.0.0.1", "[::1]", "1.2.3.4.5", "::1::"])(
    "refuses %j, which is not a plain IP address",
    (text) => {
      expect(refusedRange(text)).toBe("not an IP address");
    },
  );
});
