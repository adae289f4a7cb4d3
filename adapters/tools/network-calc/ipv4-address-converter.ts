import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { toCompressedIpv6 } from "./ipv6.ts";
import { toIpv4Number } from "./ipv4.ts";

const STRING = { type: "string" } as const;

function toForms(ip: string, value: number) {
  return {
    decimal: value,
    hexadecimal: value.toString(16).toUpperCase().padStart(8, "0"),
    binary: value.toString(2).padStart(32, "0"),
    octal: value.toString(8),
    ipv6Mapped: `::ffff:${ip}`,
    ipv6MappedHex: toCompressedIpv6(0xffff00000000n | BigInt(value)),
  };
}

/** Hexadecimal and binary keep all 8 / 32 digits; octal and decimal carry no prefix or padding. */
export const ipv4AddressConverter = defineTool({
  id: "ipv4-address-converter",
  name: "IPv4 Address Converter",
  category: "network-calc",
  description: "Show a dotted-quad IPv4 address as a 32-bit decimal, hexadecimal, binary and octal number and as IPv4-mapped IPv6.",
  input: {
    type: "object",
    required: ["ip"],
    additionalProperties: false,
    properties: { ip: { type: "string", minLength: 7, maxLength: 15, description: "A dotted quad, e.g. 192.168.1.1.", "x-tool-checks": "a dotted-quad IPv4 address" } },
  },
  output: {
    type: "object",
    required: ["decimal", "hexadecimal", "binary", "octal", "ipv6Mapped", "ipv6MappedHex"],
    additionalProperties: false,
    properties: {
      decimal: { type: "integer", minimum: 0, maximum: 4_294_967_295 },
      hexadecimal: { type: "string", pattern: "^[0-9A-F]{8}$" },
      binary: { type: "string", pattern: "^[01]{32}$" },
      octal: { type: "string", pattern: "^[0-7]+$" },
      ipv6Mapped: STRING,
      ipv6MappedHex: STRING,
    },
  },
  examples: [
    {
      title: "A private LAN address",
      source: "python3: int(ipaddress.IPv4Address('192.168.1.1')), format(n,'08X'/'032b'/'o'), IPv6Address('::ffff:192.168.1.1').compressed",
      input: { ip: "192.168.1.1" },
      output: {
        decimal: 3232235777, hexadecimal: "C0A80101", binary: "11000000101010000000000100000001", octal: "30052000401",
        ipv6Mapped: "::ffff:192.168.1.1", ipv6MappedHex: "::ffff:c0a8:101",
      },
    },
    {
      title: "Leading zero bits are kept in hex and binary",
      source: "python3 ipaddress and format() as above for 8.8.8.8",
      input: { ip: "8.8.8.8" },
      output: {
        decimal: 134744072, hexadecimal: "08080808", binary: "00001000000010000000100000001000", octal: "1002004010",
        ipv6Mapped: "::ffff:8.8.8.8", ipv6MappedHex: "::ffff:808:808",
      },
    },
    {
      title: "Loopback (RFC 4291 §2.5.5.2 mapped form)",
      source: "python3 ipaddress and format() as above for 127.0.0.1",
      input: { ip: "127.0.0.1" },
      output: {
        decimal: 2130706433, hexadecimal: "7F000001", binary: "01111111000000000000000000000001", octal: "17700000001",
        ipv6Mapped: "::ffff:127.0.0.1", ipv6MappedHex: "::ffff:7f00:1",
      },
    },
    {
      title: "The limited broadcast address",
      source: "python3 ipaddress and format() as above for 255.255.255.255",
      input: { ip: "255.255.255.255" },
      output: {
        decimal: 4294967295, hexadecimal: "FFFFFFFF", binary: "11111111111111111111111111111111", octal: "37777777777",
        ipv6Mapped: "::ffff:255.255.255.255", ipv6MappedHex: "::ffff:ffff:ffff",
      },
    },
  ],
  run: ({ ip }: { ip: string }) => {
    const value = toIpv4Number(ip);
    if (value === undefined) return err(invalidField("ip", "ip must be a dotted-quad IPv4 address such as 192.168.1.1."));
    return ok(toForms(ip, value));
  },
});
