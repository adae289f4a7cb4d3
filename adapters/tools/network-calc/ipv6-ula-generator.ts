import { createHash } from "node:crypto";
import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool, type ToolContext } from "../../../domain/tool.ts";
import { MAC_NOTATIONS, toMacHexDigits } from "./mac.ts";
import { toCompressedIpv6 } from "./ipv6.ts";

const NTP_EPOCH_OFFSET_S = 2_208_988_800;

interface UlaInput {
  macAddress?: string;
  timestamp?: number;
}

/** 64-bit NTP time: seconds since 1900 (modulo the 2036 era wrap) and a 32-bit binary fraction. */
function toNtpTimestamp(unixMs: number): Buffer {
  const ntp = Buffer.alloc(8);
  ntp.writeUInt32BE((Math.floor(unixMs / 1000) + NTP_EPOCH_OFFSET_S) % 2 ** 32, 0);
  ntp.writeUInt32BE(Math.floor(((unixMs % 1000) * 2 ** 32) / 1000), 4);
  return ntp;
}

/** Modified EUI-64 of a MAC (RFC 4291 appendix A): FFFE in the middle and the universal/local bit inverted. */
function toEui64(macHex: string): Buffer {
  const mac = Buffer.from(macHex, "hex");
  return Buffer.from([mac[0] ^ 0x02, mac[1], mac[2], 0xff, 0xfe, mac[3], mac[4], mac[5]]);
}

/** RFC 4193 §3.2.2 steps 1–5: the low 40 bits of SHA-1(NTP time ‖ EUI-64). */
function toGlobalId(macHex: string, unixMs: number): Buffer {
  return createHash("sha1").update(toNtpTimestamp(unixMs)).update(toEui64(macHex)).digest().subarray(15);
}

function toPrefixes(globalId: Buffer) {
  const base = (0xfdn << 120n) | (BigInt(`0x${globalId.toString("hex")}`) << 80n);
  return {
    prefix: `${toCompressedIpv6(base)}/48`,
    globalId: globalId.toString("hex"),
    firstSubnet: `${toCompressedIpv6(base)}/64`,
    lastSubnet: `${toCompressedIpv6(base | (0xffffn << 64n))}/64`,
  };
}

/** Deterministic only with both inputs; otherwise the Global ID is 40 random bits, which §3.2.1 also allows. */
export const ipv6UlaGenerator = defineTool({
  id: "ipv6-ula-generator",
  name: "IPv6 ULA Generator",
  category: "network-calc",
  description: "An RFC 4193 unique local IPv6 /48 prefix (fdxx:xxxx:xxxx::/48) from a MAC address and time, or random.",
  input: {
    type: "object",
    additionalProperties: false,
    properties: {
      macAddress: { type: "string", minLength: 12, maxLength: 32, description: MAC_NOTATIONS, "x-tool-checks": "a MAC address in a notation of the description" },
      timestamp: { type: "integer", minimum: 0, maximum: 8_640_000_000_000_000, description: "Unix ms." },
    },
  },
  output: {
    type: "object",
    required: ["prefix", "globalId", "firstSubnet", "lastSubnet"],
    additionalProperties: false,
    properties: {
      prefix: { type: "string", pattern: "^fd[0-9a-f:]+/48$" },
      globalId: { type: "string", pattern: "^[0-9a-f]{10}$" },
      firstSubnet: { type: "string", pattern: "/64$" },
      lastSubnet: { type: "string", pattern: "/64$" },
    },
  },
  examples: [
    {
      title: "Prefix from a MAC and a time",
      source:
        "python3 hashlib.sha1(NTP e8fe6f8000000000 ‖ modified EUI-64 021122fffe334455).digest()[-5:] per RFC 4193 §3.2.2; " +
        "prefixes via ipaddress.IPv6Network",
      input: { macAddress: "00:11:22:33:44:55", timestamp: 1700000000000 },
      output: {
        prefix: "fd8e:493:e0f0::/48", globalId: "8e0493e0f0", firstSubnet: "fd8e:493:e0f0::/64", lastSubnet: "fd8e:493:e0f0:ffff::/64",
      },
    },
    {
      title: "Milliseconds go into the NTP fraction",
      source: "python3 as above: NTP cd4081521f7ced91 (fraction floor(123*2^32/1000)), EUI-64 505400fffeabcdef",
      input: { macAddress: "52-54-00-AB-CD-EF", timestamp: 1234567890123 },
      output: {
        prefix: "fdfe:5946:6ebd::/48", globalId: "fe59466ebd", firstSubnet: "fdfe:5946:6ebd::/64", lastSubnet: "fdfe:5946:6ebd:ffff::/64",
      },
    },
    {
      title: "Cisco dotted MAC at 2024-01-01T00:00:00Z",
      source: "python3 as above: NTP e93c7f0000000000, EUI-64 02000cfffe123456",
      input: { macAddress: "0000.0c12.3456", timestamp: 1704067200000 },
      output: {
        prefix: "fd21:df83:1f03::/48", globalId: "21df831f03", firstSubnet: "fd21:df83:1f03::/64", lastSubnet: "fd21:df83:1f03:ffff::/64",
      },
    },
    { title: "A random prefix", input: {} },
  ],
  run: ({ macAddress, timestamp }: UlaInput, context: ToolContext) => {
    const macHex = macAddress === undefined ? undefined : toMacHexDigits(macAddress);
    if (macAddress !== undefined && macHex === undefined) {
      return err(invalidField("macAddress", `macAddress must be written as ${MAC_NOTATIONS}.`));
    }
    if (macHex === undefined || timestamp === undefined) return ok(toPrefixes(Buffer.from(context.randomBytes(5))));
    return ok(toPrefixes(toGlobalId(macHex, timestamp)));
  },
});
