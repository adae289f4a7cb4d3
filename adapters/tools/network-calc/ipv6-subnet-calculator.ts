import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { IPV6_MAX, toCompressedIpv6, toExpandedIpv6, toIpv6Cidr, toIpv6Range } from "./ipv6.ts";

const STRING = { type: "string" } as const;
const FIELDS = ["network", "networkExpanded", "firstAddress", "lastAddress", "addressCompressed", "addressExpanded"] as const;

/** IPv6 has no broadcast address: the prefix runs from the all-zeros to the all-ones interface identifier. */
function toSubnet(address: bigint, prefixLength: number) {
  const hostBits = BigInt(128 - prefixLength);
  const hostMask = (1n << hostBits) - 1n;
  const network = address & (IPV6_MAX ^ hostMask);
  return {
    network: toCompressedIpv6(network),
    networkExpanded: toExpandedIpv6(network),
    firstAddress: toCompressedIpv6(network),
    lastAddress: toCompressedIpv6(network | hostMask),
    addressCompressed: toCompressedIpv6(address),
    addressExpanded: toExpandedIpv6(address),
    prefixLength,
    totalAddresses: (1n << hostBits).toString(),
    range: toIpv6Range(address),
  };
}

/** `range` classifies the address as given (ipaddr.js names); text forms follow RFC 5952. */
export const ipv6SubnetCalculator = defineTool({
  id: "ipv6-subnet-calculator",
  name: "IPv6 Subnet Calculator",
  category: "network-calc",
  description: "Network, first and last address, compressed and expanded forms and size of an IPv6 prefix (addr/n).",
  input: {
    type: "object",
    required: ["cidr"],
    additionalProperties: false,
    properties: { cidr: { type: "string", minLength: 4, maxLength: 49, description: "addr/n with n 0–128.", "x-tool-checks": "an IPv6 address and a prefix length 0–128" } },
  },
  output: {
    type: "object",
    required: [...FIELDS, "prefixLength", "totalAddresses", "range"],
    additionalProperties: false,
    properties: {
      ...Object.fromEntries(FIELDS.map((field) => [field, STRING])),
      prefixLength: { type: "integer", minimum: 0, maximum: 128 },
      totalAddresses: { type: "string", pattern: "^[0-9]+$" },
      range: STRING,
    },
  },
  examples: [
    {
      title: "A /64 LAN prefix in the documentation range",
      source: "python3 ipaddress.ip_interface('2001:db8:abcd:12::1/64'): network, exploded, num_addresses; RFC 3849 documentation prefix",
      input: { cidr: "2001:db8:abcd:12::1/64" },
      output: {
        network: "2001:db8:abcd:12::", networkExpanded: "2001:0db8:abcd:0012:0000:0000:0000:0000",
        firstAddress: "2001:db8:abcd:12::", lastAddress: "2001:db8:abcd:12:ffff:ffff:ffff:ffff",
        addressCompressed: "2001:db8:abcd:12::1", addressExpanded: "2001:0db8:abcd:0012:0000:0000:0000:0001",
        prefixLength: 64, totalAddresses: "18446744073709551616", range: "reserved",
      },
    },
    {
      title: "RFC 5952 compression: longest zero run wins, the first on a tie",
      source: "RFC 5952 §4.2.3; python3 ipaddress.ip_interface('2001:db8:0:0:1:0:0:1/100')",
      input: { cidr: "2001:db8:0:0:1:0:0:1/100" },
      output: {
        network: "2001:db8:0:0:1::", networkExpanded: "2001:0db8:0000:0000:0001:0000:0000:0000",
        firstAddress: "2001:db8:0:0:1::", lastAddress: "2001:db8::1:0:fff:ffff",
        addressCompressed: "2001:db8::1:0:0:1", addressExpanded: "2001:0db8:0000:0000:0001:0000:0000:0001",
        prefixLength: 100, totalAddresses: "268435456", range: "reserved",
      },
    },
    {
      title: "The link-local /10 (RFC 4291)",
      source: "python3 ipaddress.ip_interface('fe80::1ff:fe23:4567:890a/10'); RFC 4291 §2.5.6",
      input: { cidr: "fe80::1ff:fe23:4567:890a/10" },
      output: {
        network: "fe80::", networkExpanded: "fe80:0000:0000:0000:0000:0000:0000:0000",
        firstAddress: "fe80::", lastAddress: "febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
        addressCompressed: "fe80::1ff:fe23:4567:890a", addressExpanded: "fe80:0000:0000:0000:01ff:fe23:4567:890a",
        prefixLength: 10, totalAddresses: "332306998946228968225951765070086144", range: "linkLocal",
      },
    },
    {
      title: "Upper-case input, unique local /48",
      source: "python3 ipaddress.ip_interface('FD12:3456:789A:1::/48'); RFC 4193 fc00::/7",
      input: { cidr: "FD12:3456:789A:1::/48" },
      output: {
        network: "fd12:3456:789a::", networkExpanded: "fd12:3456:789a:0000:0000:0000:0000:0000",
        firstAddress: "fd12:3456:789a::", lastAddress: "fd12:3456:789a:ffff:ffff:ffff:ffff:ffff",
        addressCompressed: "fd12:3456:789a:1::", addressExpanded: "fd12:3456:789a:0001:0000:0000:0000:0000",
        prefixLength: 48, totalAddresses: "1208925819614629174706176", range: "uniqueLocal",
      },
    },
    {
      title: "The whole IPv6 space: 2^128 addresses",
      source: "python3 ipaddress.ip_network('::/0').num_addresses",
      input: { cidr: "::/0" },
      output: {
        network: "::", networkExpanded: "0000:0000:0000:0000:0000:0000:0000:0000",
        firstAddress: "::", lastAddress: "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
        addressCompressed: "::", addressExpanded: "0000:0000:0000:0000:0000:0000:0000:0000",
        prefixLength: 0, totalAddresses: "340282366920938463463374607431768211456", range: "unspecified",
      },
    },
  ],
  run: ({ cidr }: { cidr: string }) => {
    const parsed = toIpv6Cidr(cidr);
    if (!parsed) return err(invalidField("cidr", "cidr must be an IPv6 address (no zone id) and a prefix length 0–128, e.g. 2001:db8::/32."));
    return ok(toSubnet(parsed.address, parsed.prefixLength));
  },
});
