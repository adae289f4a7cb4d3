import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ipv4SubnetCalculator } from "./ipv4-subnet-calculator.ts";
import { toDottedQuad, toIpv4Number } from "./ipv4.ts";
import { outputOf, refusalOf } from "../testing/tool-harness.ts";

const toNumber = (quad: string) => toIpv4Number(quad) as number;

describe("ipv4-subnet-calculator", () => {
  it("keeps the address inside an aligned block whose masks complement each other", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 0, max: 32 }), async (address, prefixLength) => {
        const out = await outputOf(ipv4SubnetCalculator, { cidr: `${toDottedQuad(address)}/${prefixLength}` });
        const network = toNumber(out.networkAddress);
        const size = 2 ** (32 - prefixLength);
        expect(network % size).toBe(0);
        expect(address - network).toBeLessThan(size);
        expect(toNumber(out.broadcastAddress)).toBe(network + size - 1);
        expect(toNumber(out.subnetMask) + toNumber(out.wildcardMask)).toBe(2 ** 32 - 1);
        expect(out.totalAddresses).toBe(size);
        expect(out.usableHosts).toBe(prefixLength >= 31 ? size : size - 2);
        expect(toNumber(out.lastHost) - toNumber(out.firstHost) + 1).toBe(out.usableHosts);
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    ["127.255.255.255/8", "A"], ["128.0.0.0/16", "B"], ["191.255.0.0/16", "B"], ["192.0.0.0/24", "C"],
    ["223.255.255.0/24", "C"], ["224.0.0.0/4", "D"], ["239.255.255.255/32", "D"], ["240.0.0.0/4", "E"],
  ])("puts %s in class %s", async (cidr, ipClass) => {
    expect((await outputOf(ipv4SubnetCalculator, { cidr })).ipClass).toBe(ipClass);
  });

  it.each(["10.1/8", "0x7f.0.0.1/8", "01.2.3.4/8", "192.168.1.1/33", "192.168.1.1/ 8", "256.0.0.0/8", "192.168.1.1/-1", "::1/64"])(
    "refuses %j",
    async (cidr) => {
      expect(await refusalOf(ipv4SubnetCalculator, { cidr })).not.toBe("ok");
    },
  );

  it("refuses a missing prefix length with a 422", async () => {
    expect(await refusalOf(ipv4SubnetCalculator, { cidr: "192.168.100.100" })).toBe("tool");
  });
});
