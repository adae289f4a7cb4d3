import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ipv4AddressConverter } from "./ipv4-address-converter.ts";
import { toIpv6BigInt } from "./ipv6.ts";
import { outputOf, refusalOf } from "../testing/tool-harness.ts";

describe("ipv4-address-converter", () => {
  it("gives forms that all read back to the same 32-bit number", async () => {
    await fc.assert(
      fc.asyncProperty(fc.ipV4(), async (ip) => {
        const out = await outputOf(ipv4AddressConverter, { ip });
        expect(out.decimal).toBe(ip.split(".").reduce((value, octet) => value * 256 + Number(octet), 0));
        expect(Number.parseInt(out.hexadecimal, 16)).toBe(out.decimal);
        expect(Number.parseInt(out.binary, 2)).toBe(out.decimal);
        expect(Number.parseInt(out.octal, 8)).toBe(out.decimal);
        expect(toIpv6BigInt(out.ipv6Mapped)).toBe(0xffff00000000n + BigInt(out.decimal));
        expect(toIpv6BigInt(out.ipv6MappedHex)).toBe(0xffff00000000n + BigInt(out.decimal));
      }),
      { numRuns: 300 },
    );
  });

  it.each(["3232235777", "192.168.1", "192.168.001.1", "0xC0.0xA8.1.1", "192.168.1.256"])("refuses %j with a 422", async (ip) => {
    expect(await refusalOf(ipv4AddressConverter, { ip })).toBe("tool");
  });
});
