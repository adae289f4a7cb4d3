import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ipv6SubnetCalculator } from "./ipv6-subnet-calculator.ts";
import { toCompressedIpv6, toIpv6BigInt } from "./ipv6.ts";
import { outputOf, refusalOf } from "../testing/tool-harness.ts";

const bigint128 = fc.bigInt({ min: 0n, max: (1n << 128n) - 1n });

describe("ipv6-subnet-calculator", () => {
  it("spans exactly 2^(128-n) aligned addresses around the given one", async () => {
    await fc.assert(
      fc.asyncProperty(bigint128, fc.integer({ min: 0, max: 128 }), async (address, prefixLength) => {
        const out = await outputOf(ipv6SubnetCalculator, { cidr: `${toCompressedIpv6(address)}/${prefixLength}` });
        const first = toIpv6BigInt(out.firstAddress) as bigint;
        const last = toIpv6BigInt(out.lastAddress) as bigint;
        const size = 1n << BigInt(128 - prefixLength);
        expect(first % size).toBe(0n);
        expect(last - first + 1n).toBe(size);
        expect(address >= first && address <= last).toBe(true);
        expect(out.totalAddresses).toBe(size.toString());
        expect(toIpv6BigInt(out.networkExpanded)).toBe(first);
        expect(toIpv6BigInt(out.addressExpanded)).toBe(address);
      }),
      { numRuns: 300 },
    );
  });

  it("accepts an embedded IPv4 tail", async () => {
    const out = await outputOf(ipv6SubnetCalculator, { cidr: "::ffff:192.0.2.1/96" });
    expect(out).toMatchObject({ network: "::ffff:0:0", lastAddress: "::ffff:ffff:ffff", range: "ipv4Mapped" });
  });

  it.each(["fe80::1%eth0/64", "2001:db8::/129", "2001:db8::", "1.2.3.4/8", "2001:db8:::/32", "2001:db8::/0x10", "g::/8"])(
    "refuses %j",
    async (cidr) => {
      expect(await refusalOf(ipv6SubnetCalculator, { cidr })).not.toBe("ok");
    },
  );
});
