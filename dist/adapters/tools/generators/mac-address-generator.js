import { ok } from "../../../domain/result.js";
import { defineTool } from "../../../domain/tool.js";
import { SEED_SCHEMA, toByteSource } from "./random-source.js";
const SEPARATORS = [":", "-", ""];
function toMac(bytes, { separator, uppercase, localAdmin }) {
    // Locally administered (bit 1) and unicast (bit 0 clear), so the address cannot collide with a vendor's OUI.
    if (localAdmin)
        bytes[0] = (bytes[0] & 0xfc) | 0x02;
    const text = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join(separator);
    return uppercase ? text.toUpperCase() : text;
}
/** Without localAdmin the six bytes are used as drawn, multicast bit included. */
export const macAddressGenerator = defineTool({
    id: "mac-address-generator",
    name: "MAC Address Generator",
    category: "generators",
    description: "Generate random 48-bit MAC addresses, by default locally administered unicast ones.",
    input: {
        type: "object",
        additionalProperties: false,
        properties: {
            count: { type: "integer", minimum: 1, maximum: 100, default: 1 },
            separator: { type: "string", enum: SEPARATORS, default: ":" },
            uppercase: { type: "boolean", default: false },
            localAdmin: { type: "boolean", default: true },
            seed: { ...SEED_SCHEMA, description: "mulberry32 seed (fixtures only)." },
        },
    },
    output: {
        type: "object",
        required: ["macs"],
        additionalProperties: false,
        properties: { macs: { type: "array", maxItems: 100, items: { type: "string", pattern: "^[0-9A-Fa-f]{2}([:-]?[0-9A-Fa-f]{2}){5}$" } } },
    },
    examples: [
        {
            title: "Three seeded locally administered MACs",
            source: "python3: six mulberry32(42) bytes floor(r*256) per MAC, b[0] = (b[0] & 0xfc) | 0x02",
            input: { count: 3, separator: ":", uppercase: false, localAdmin: true, seed: 42 },
            output: { macs: ["9a:72:da:ab:2c:86", "46:9f:dd:78:3f:e1", "be:4e:32:80:af:9c"] },
        },
        {
            title: "Seeded MAC with the bytes as drawn",
            source: "python3: six mulberry32(42) bytes, first byte left as drawn (0x99)",
            input: { count: 1, separator: ":", uppercase: false, localAdmin: false, seed: 42 },
            output: { macs: ["99:72:da:ab:2c:86"] },
        },
        {
            title: "Seeded upper-case MACs with hyphens (IEEE 802 canonical form)",
            source: "python3: six mulberry32(7) bytes per MAC, locally administered bit set",
            input: { count: 2, separator: "-", uppercase: true, localAdmin: true, seed: 7 },
            output: { macs: ["02-0F-FA-B2-85-67", "76-3D-8D-BA-42-27"] },
        },
        {
            title: "Seeded MAC without separators",
            source: "python3: six mulberry32(7) bytes, locally administered bit set",
            input: { count: 1, separator: "", uppercase: false, localAdmin: true, seed: 7 },
            output: { macs: ["020ffab28567"] },
        },
        { title: "Five random MACs", input: { count: 5, separator: ":", uppercase: false, localAdmin: true } },
    ],
    run: (input, context) => {
        const nextBytes = toByteSource(input.seed, context);
        return ok({ macs: Array.from({ length: input.count }, () => toMac(nextBytes(6), input)) });
    },
});
