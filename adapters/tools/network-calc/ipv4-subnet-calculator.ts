import ipaddr from "ipaddr.js";
import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { toDottedQuad, toIpv4Block, toIpv4Cidr } from "./ipv4.ts";

const STRING = { type: "string" } as const;
const COUNT = { type: "integer", minimum: 0, maximum: 4_294_967_296 } as const;

function toIpClass(firstOctet: number): "A" | "B" | "C" | "D" | "E" {
  if (firstOctet < 128) return "A";
  if (firstOctet < 192) return "B";
  if (firstOctet < 224) return "C";
  return firstOctet < 240 ? "D" : "E";
}

function toSubnet(address: number, prefixLength: number, text: string) {
  const { size, mask } = toIpv4Block(prefixLength);
  const network = address - (address % size);
  const broadcast = network + size - 1;
  // RFC 3021: a /31 has two usable hosts and no network or broadcast address; a /32 is the one host.
  const edge = prefixLength >= 31 ? 0 : 1;
  return {
    networkAddress: toDottedQuad(network),
    broadcastAddress: toDottedQuad(broadcast),
    subnetMask: toDottedQuad(mask),
    wildcardMask: toDottedQuad(size - 1),
    firstHost: toDottedQuad(network + edge),
    lastHost: toDottedQuad(broadcast - edge),
    prefixLength,
    totalAddresses: size,
    usableHosts: size - 2 * edge,
    ipClass: toIpClass(Math.floor(address / 2 ** 24)),
    range: ipaddr.IPv4.parse(text).range(),
  };
}

/** `range` classifies the address as given (ipaddr.js names), so 192.0.2.7/24 reports "reserved" (TEST-NET-1). */
export const ipv4SubnetCalculator = defineTool({
  id: "ipv4-subnet-calculator",
  name: "IPv4 Subnet Calculator",
  category: "network-calc",
  description: "Network, broadcast, masks, host range and counts of an IPv4 CIDR block (a.b.c.d/n).",
  input: {
    type: "object",
    required: ["cidr"],
    additionalProperties: false,
    properties: { cidr: { type: "string", minLength: 9, maxLength: 18, description: "a.b.c.d/n with n 0–32.", "x-tool-checks": "an IPv4 address and a prefix length 0–32" } },
  },
  output: {
    type: "object",
    required: [
      "networkAddress", "broadcastAddress", "subnetMask", "wildcardMask", "firstHost", "lastHost",
      "prefixLength", "totalAddresses", "usableHosts", "ipClass", "range",
    ],
    additionalProperties: false,
    properties: {
      networkAddress: STRING,
      broadcastAddress: STRING,
      subnetMask: STRING,
      wildcardMask: STRING,
      firstHost: STRING,
      lastHost: STRING,
      prefixLength: { type: "integer", minimum: 0, maximum: 32 },
      totalAddresses: COUNT,
      usableHosts: COUNT,
      ipClass: { type: "string", enum: ["A", "B", "C", "D", "E"] },
      range: STRING,
    },
  },
  examples: [
    {
      title: "A /24 with host bits set",
      source: "python3 ipaddress.ip_network('192.168.1.77/24', strict=False): network, broadcast, netmask, hostmask, hosts()",
      input: { cidr: "192.168.1.77/24" },
      output: {
        networkAddress: "192.168.1.0", broadcastAddress: "192.168.1.255", subnetMask: "255.255.255.0", wildcardMask: "0.0.0.255",
        firstHost: "192.168.1.1", lastHost: "192.168.1.254", prefixLength: 24, totalAddresses: 256, usableHosts: 254,
        ipClass: "C", range: "private",
      },
    },
    {
      title: "The 172.16.0.0/12 private block (RFC 1918)",
      source: "python3 ipaddress.ip_network('172.16.5.4/12', strict=False); RFC 1918 §3",
      input: { cidr: "172.16.5.4/12" },
      output: {
        networkAddress: "172.16.0.0", broadcastAddress: "172.31.255.255", subnetMask: "255.240.0.0", wildcardMask: "0.15.255.255",
        firstHost: "172.16.0.1", lastHost: "172.31.255.254", prefixLength: 12, totalAddresses: 1048576, usableHosts: 1048574,
        ipClass: "B", range: "private",
      },
    },
    {
      title: "A point-to-point /31 has two usable hosts (RFC 3021)",
      source: "RFC 3021 §2; python3 list(ipaddress.ip_network('192.0.2.1/31', strict=False).hosts())",
      input: { cidr: "192.0.2.1/31" },
      output: {
        networkAddress: "192.0.2.0", broadcastAddress: "192.0.2.1", subnetMask: "255.255.255.254", wildcardMask: "0.0.0.1",
        firstHost: "192.0.2.0", lastHost: "192.0.2.1", prefixLength: 31, totalAddresses: 2, usableHosts: 2,
        ipClass: "C", range: "reserved",
      },
    },
    {
      title: "A single host /32",
      source: "python3 list(ipaddress.ip_network('203.0.113.9/32').hosts()); RFC 5737 TEST-NET-3 is reserved",
      input: { cidr: "203.0.113.9/32" },
      output: {
        networkAddress: "203.0.113.9", broadcastAddress: "203.0.113.9", subnetMask: "255.255.255.255", wildcardMask: "0.0.0.0",
        firstHost: "203.0.113.9", lastHost: "203.0.113.9", prefixLength: 32, totalAddresses: 1, usableHosts: 1,
        ipClass: "C", range: "reserved",
      },
    },
    {
      title: "Shared address space for carrier-grade NAT (RFC 6598)",
      source: "python3 ipaddress.ip_network('100.64.12.34/10', strict=False); RFC 6598 §7",
      input: { cidr: "100.64.12.34/10" },
      output: {
        networkAddress: "100.64.0.0", broadcastAddress: "100.127.255.255", subnetMask: "255.192.0.0", wildcardMask: "0.63.255.255",
        firstHost: "100.64.0.1", lastHost: "100.127.255.254", prefixLength: 10, totalAddresses: 4194304, usableHosts: 4194302,
        ipClass: "A", range: "carrierGradeNat",
      },
    },
    {
      title: "The whole IPv4 space",
      source: "python3 ipaddress.ip_network('0.0.0.0/0'): 2^32 addresses",
      input: { cidr: "0.0.0.0/0" },
      output: {
        networkAddress: "0.0.0.0", broadcastAddress: "255.255.255.255", subnetMask: "0.0.0.0", wildcardMask: "255.255.255.255",
        firstHost: "0.0.0.1", lastHost: "255.255.255.254", prefixLength: 0, totalAddresses: 4294967296, usableHosts: 4294967294,
        ipClass: "A", range: "unspecified",
      },
    },
  ],
  run: ({ cidr }: { cidr: string }) => {
    const parsed = toIpv4Cidr(cidr);
    if (!parsed) return err(invalidField("cidr", "cidr must be a dotted-quad IPv4 address and a prefix length 0–32, e.g. 192.168.1.0/24."));
    return ok(toSubnet(parsed.address, parsed.prefixLength, cidr.slice(0, cidr.indexOf("/"))));
  },
});
