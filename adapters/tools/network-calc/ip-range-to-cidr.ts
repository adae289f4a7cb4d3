import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { toDottedQuad, toIpv4Number } from "./ipv4.ts";

/** Greedy cover: at each step the largest block aligned on `start` that does not pass `end`. At most 62 blocks. */
function toCidrs(start: number, end: number): string[] {
  const cidrs: string[] = [];
  let next = start;
  while (next <= end) {
    let size = 2 ** 32;
    while (next % size !== 0 || next + size - 1 > end) size /= 2;
    cidrs.push(`${toDottedQuad(next)}/${32 - Math.log2(size)}`);
    next += size;
  }
  return cidrs;
}

/** The greedy cover is also the smallest one: every block is as large as alignment and the range allow. */
export const ipRangeToCidr = defineTool({
  id: "ip-range-to-cidr",
  name: "IP Range to CIDR",
  category: "network-calc",
  description: "The smallest list of IPv4 CIDR blocks that covers exactly the addresses from startIp to endIp (inclusive).",
  input: {
    type: "object",
    required: ["startIp", "endIp"],
    additionalProperties: false,
    properties: {
      startIp: { type: "string", minLength: 7, maxLength: 15, "x-tool-checks": "a dotted-quad IPv4 address" },
      endIp: { type: "string", minLength: 7, maxLength: 15, "x-tool-checks": "a dotted-quad IPv4 address, not below startIp" },
    },
  },
  output: {
    type: "object",
    required: ["cidrs", "totalAddresses"],
    additionalProperties: false,
    properties: {
      cidrs: { type: "array", maxItems: 62, items: { type: "string" } },
      totalAddresses: { type: "integer", minimum: 1, maximum: 4_294_967_296 },
    },
  },
  examples: [
    {
      title: "An aligned range is one block",
      source: "python3 ipaddress.summarize_address_range(IPv4Address('192.168.1.0'), IPv4Address('192.168.1.255'))",
      input: { startIp: "192.168.1.0", endIp: "192.168.1.255" },
      output: { cidrs: ["192.168.1.0/24"], totalAddresses: 256 },
    },
    {
      title: "An unaligned range splits into blocks",
      source: "python3 ipaddress.summarize_address_range(IPv4Address('10.0.0.5'), IPv4Address('10.0.0.20'))",
      input: { startIp: "10.0.0.5", endIp: "10.0.0.20" },
      output: { cidrs: ["10.0.0.5/32", "10.0.0.6/31", "10.0.0.8/29", "10.0.0.16/30", "10.0.0.20/32"], totalAddresses: 16 },
    },
    {
      title: "Every usable host of a /22",
      source: "python3 ipaddress.summarize_address_range(IPv4Address('192.168.0.1'), IPv4Address('192.168.3.254'))",
      input: { startIp: "192.168.0.1", endIp: "192.168.3.254" },
      output: {
        cidrs: [
          "192.168.0.1/32", "192.168.0.2/31", "192.168.0.4/30", "192.168.0.8/29", "192.168.0.16/28", "192.168.0.32/27",
          "192.168.0.64/26", "192.168.0.128/25", "192.168.1.0/24", "192.168.2.0/24", "192.168.3.0/25", "192.168.3.128/26",
          "192.168.3.192/27", "192.168.3.224/28", "192.168.3.240/29", "192.168.3.248/30", "192.168.3.252/31", "192.168.3.254/32",
        ],
        totalAddresses: 1022,
      },
    },
    {
      title: "The whole IPv4 space",
      source: "python3 ipaddress.summarize_address_range(IPv4Address('0.0.0.0'), IPv4Address('255.255.255.255'))",
      input: { startIp: "0.0.0.0", endIp: "255.255.255.255" },
      output: { cidrs: ["0.0.0.0/0"], totalAddresses: 4294967296 },
    },
    {
      title: "A range across an octet boundary",
      source: "python3 ipaddress.summarize_address_range(IPv4Address('1.2.3.255'), IPv4Address('1.2.4.0'))",
      input: { startIp: "1.2.3.255", endIp: "1.2.4.0" },
      output: { cidrs: ["1.2.3.255/32", "1.2.4.0/32"], totalAddresses: 2 },
    },
  ],
  run: ({ startIp, endIp }: { startIp: string; endIp: string }) => {
    const start = toIpv4Number(startIp);
    if (start === undefined) return err(invalidField("startIp", "startIp must be a dotted-quad IPv4 address."));
    const end = toIpv4Number(endIp);
    if (end === undefined) return err(invalidField("endIp", "endIp must be a dotted-quad IPv4 address."));
    if (start > end) return err(invalidField("endIp", `endIp (${endIp}) must not come before startIp (${startIp}).`));
    return ok({ cidrs: toCidrs(start, end), totalAddresses: end - start + 1 });
  },
});
