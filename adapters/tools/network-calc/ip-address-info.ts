import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { toIpv4Cidr, toIpv4Number } from "./ipv4.ts";
import { toCompressedIpv6, toIpv6BigInt, toIpv6Cidr, toIpv6Range } from "./ipv6.ts";

interface Address {
  version: 4 | 6;
  value: bigint;
  normalized: string;
  range: string;
}

/** node:net decides validity (ipaddr.js alone accepts "10.1"); a zone id such as %eth0 is kept but not matched. */
function toAddress(ip: string): Address | undefined {
  const version = isIP(ip);
  if (version === 4) {
    return { version, value: BigInt(toIpv4Number(ip) ?? 0), normalized: ip, range: ipaddr.IPv4.parse(ip).range() };
  }
  if (version !== 6) return undefined;
  const percent = ip.indexOf("%");
  const value = toIpv6BigInt(percent === -1 ? ip : ip.slice(0, percent));
  if (value === undefined) return undefined;
  const normalized = toCompressedIpv6(value) + (percent === -1 ? "" : ip.slice(percent));
  return { version, value, normalized, range: toIpv6Range(value) };
}

type Block = { version: 4 | 6; network: bigint; hostBits: bigint };

function toBlock(cidr: string): Block | undefined {
  const v4 = toIpv4Cidr(cidr);
  if (v4) return { version: 4, network: BigInt(v4.address), hostBits: BigInt(32 - v4.prefixLength) };
  const v6 = toIpv6Cidr(cidr);
  return v6 && { version: 6, network: v6.address, hostBits: BigInt(128 - v6.prefixLength) };
}

const contains = (block: Block, address: Address) =>
  block.version === address.version && block.network >> block.hostBits === address.value >> block.hostBits;

/** A validator: an invalid `ip` is a 200 with valid false; an invalid entry of `cidrs` is the caller's error (422). */
export const ipAddressInfo = defineTool({
  id: "ip-address-info",
  name: "IP Address Info",
  category: "network-calc",
  description: "Validate an IPv4 or IPv6 address, normalise it, name its special-purpose range and list the given CIDR blocks that contain it.",
  input: {
    type: "object",
    required: ["ip"],
    additionalProperties: false,
    properties: {
      ip: { type: "string", maxLength: 100 },
      cidrs: { type: "array", maxItems: 100, default: [], items: { type: "string", maxLength: 49 }, "x-tool-checks": "IPv4 or IPv6 CIDR blocks" },
    },
  },
  output: {
    type: "object",
    required: ["valid", "version", "normalized", "range", "matches"],
    additionalProperties: false,
    properties: {
      valid: { type: "boolean" },
      version: { type: ["integer", "null"], enum: [4, 6, null] },
      normalized: { type: ["string", "null"] },
      range: { type: ["string", "null"] },
      matches: { type: "array", maxItems: 100, items: { type: "string" } },
    },
  },
  examples: [
    {
      title: "A private IPv4 address inside two of three blocks",
      source: "python3: ipaddress.ip_address('192.168.1.10') in ip_network(c) for each block; RFC 1918 private range",
      input: { ip: "192.168.1.10", cidrs: ["192.168.0.0/16", "10.0.0.0/8", "192.168.1.0/24"] },
      output: { valid: true, version: 4, normalized: "192.168.1.10", range: "private", matches: ["192.168.0.0/16", "192.168.1.0/24"] },
    },
    {
      title: "IPv6 is normalised to RFC 5952 and matched against IPv6 blocks only",
      source: "python3: ipaddress.ip_address('2001:DB8:0:0:0:0:0:1').compressed and membership; RFC 3849 documentation prefix (reserved)",
      input: { ip: "2001:DB8:0:0:0:0:0:1", cidrs: ["2001:db8::/32", "::/0", "10.0.0.0/8", "2001:db8:1::/48"] },
      output: { valid: true, version: 6, normalized: "2001:db8::1", range: "reserved", matches: ["2001:db8::/32", "::/0"] },
    },
    {
      title: "An out-of-range octet is not an address",
      source: "python3: ipaddress.ip_address('256.1.1.1') raises ValueError",
      input: { ip: "256.1.1.1", cidrs: [] },
      output: { valid: false, version: null, normalized: null, range: null, matches: [] },
    },
    {
      title: "Shorthand IPv4 forms are refused",
      source: "python3: ipaddress.ip_address('10.1') raises ValueError (inet_aton would read 10.0.0.1)",
      input: { ip: "10.1", cidrs: [] },
      output: { valid: false, version: null, normalized: null, range: null, matches: [] },
    },
    {
      title: "Carrier-grade NAT shared space (RFC 6598)",
      source: "RFC 6598 100.64.0.0/10; python3 membership test",
      input: { ip: "100.64.0.1", cidrs: ["100.64.0.0/10"] },
      output: { valid: true, version: 4, normalized: "100.64.0.1", range: "carrierGradeNat", matches: ["100.64.0.0/10"] },
    },
    {
      title: "A link-local address with a zone id",
      source: "python3: ipaddress.ip_address('fe80::1%eth0') (scoped, Python 3.9+) and membership in fe80::/10 (RFC 4291 §2.5.6)",
      input: { ip: "fe80::1%eth0", cidrs: ["fe80::/10"] },
      output: { valid: true, version: 6, normalized: "fe80::1%eth0", range: "linkLocal", matches: ["fe80::/10"] },
    },
    {
      title: "A public address",
      source: "python3 membership of 8.8.8.8 in 0.0.0.0/0, 8.8.8.8/32 and 8.8.4.0/24",
      input: { ip: "8.8.8.8", cidrs: ["0.0.0.0/0", "8.8.8.8/32", "8.8.4.0/24"] },
      output: { valid: true, version: 4, normalized: "8.8.8.8", range: "unicast", matches: ["0.0.0.0/0", "8.8.8.8/32"] },
    },
  ],
  run: ({ ip, cidrs }: { ip: string; cidrs: string[] }) => {
    const blocks: Block[] = [];
    for (const [index, cidr] of cidrs.entries()) {
      const block = toBlock(cidr);
      if (!block) return err(invalidField(`cidrs/${index}`, `cidrs[${index}] is not an IPv4 or IPv6 CIDR block: ${JSON.stringify(cidr)}.`));
      blocks.push(block);
    }
    const address = toAddress(ip);
    if (!address) return ok({ valid: false, version: null, normalized: null, range: null, matches: [] });
    const matches = cidrs.filter((_, index) => contains(blocks[index], address));
    return ok({ valid: true, version: address.version, normalized: address.normalized, range: address.range, matches });
  },
});
