import { validate, version as versionOf } from "uuid";
import { ok } from "../../../domain/result.js";
import { defineTool } from "../../../domain/tool.js";
/** 100-ns intervals between the Gregorian epoch (1582-10-15) and the Unix epoch (RFC 9562 §5.1). */
const GREGORIAN_OFFSET = 0x01b21dd213814000n;
const INVALID = {
    valid: false, version: null, variant: null, timestamp: null, hex: null, urn: null, isNil: false, isMax: false,
};
/**
 * Also reads the 32-digit, braced and urn:uuid: spellings. `valid` follows uuid's `validate`: RFC 9562 versions 1–8
 * with the RFC variant, plus Nil and Max. Timestamps (v1, v6, v7) are truncated to milliseconds.
 */
export const uuidInspector = defineTool({
    id: "uuid-inspector",
    name: "UUID Inspector",
    category: "dev",
    description: "Validate a UUID and decode its version, variant and embedded timestamp.",
    input: {
        type: "object",
        required: ["uuid"],
        additionalProperties: false,
        properties: { uuid: { type: "string", maxLength: 64 } },
    },
    output: {
        type: "object",
        required: ["valid", "version", "variant", "timestamp", "hex", "urn", "isNil", "isMax"],
        additionalProperties: false,
        properties: {
            valid: { type: "boolean" },
            version: { type: ["integer", "null"], minimum: 0, maximum: 15 },
            variant: { type: ["string", "null"], enum: ["ncs", "rfc9562", "microsoft", "future", null] },
            timestamp: { type: ["string", "null"] },
            hex: { type: ["string", "null"], pattern: "^[0-9a-f]{32}$" },
            urn: { type: ["string", "null"] },
            isNil: { type: "boolean" },
            isMax: { type: "boolean" },
        },
    },
    examples: [
        {
            title: "UUIDv1 (RFC 9562 appendix A.1)",
            source: "RFC 9562 A.1: C232AB00-9414-11EC-B3C8-9F6BDECED846 encodes 2022-02-22 14:22:22 GMT-05:00",
            input: { uuid: "C232AB00-9414-11EC-B3C8-9F6BDECED846" },
            output: {
                valid: true, version: 1, variant: "rfc9562", timestamp: "2022-02-22T19:22:22.000Z",
                hex: "c232ab00941411ecb3c89f6bdeced846", urn: "urn:uuid:c232ab00-9414-11ec-b3c8-9f6bdeced846", isNil: false, isMax: false,
            },
        },
        {
            title: "UUIDv6 (RFC 9562 appendix A.5)",
            source: "RFC 9562 A.5: 1EC9414C-232A-6B00-B3C8-9F6BDECED846, same instant as A.1",
            input: { uuid: "1EC9414C-232A-6B00-B3C8-9F6BDECED846" },
            output: {
                valid: true, version: 6, variant: "rfc9562", timestamp: "2022-02-22T19:22:22.000Z",
                hex: "1ec9414c232a6b00b3c89f6bdeced846", urn: "urn:uuid:1ec9414c-232a-6b00-b3c8-9f6bdeced846", isNil: false, isMax: false,
            },
        },
        {
            title: "UUIDv7 (RFC 9562 appendix A.6)",
            source: "RFC 9562 A.6: 017F22E2-79B0-7CC3-98C4-DC0C0C07398F, unix_ts_ms 0x017F22E279B0 = 2022-02-22 19:22:22 UTC",
            input: { uuid: "urn:uuid:017F22E2-79B0-7CC3-98C4-DC0C0C07398F" },
            output: {
                valid: true, version: 7, variant: "rfc9562", timestamp: "2022-02-22T19:22:22.000Z",
                hex: "017f22e279b07cc398c4dc0c0c07398f", urn: "urn:uuid:017f22e2-79b0-7cc3-98c4-dc0c0c07398f", isNil: false, isMax: false,
            },
        },
        {
            title: "UUIDv4 carries no timestamp (RFC 9562 appendix A.3)",
            source: "RFC 9562 A.3: 919108F7-52D1-4320-9BAC-F847DB4148A8",
            input: { uuid: "{919108f752d143209bacf847db4148a8}" },
            output: {
                valid: true, version: 4, variant: "rfc9562", timestamp: null,
                hex: "919108f752d143209bacf847db4148a8", urn: "urn:uuid:919108f7-52d1-4320-9bac-f847db4148a8", isNil: false, isMax: false,
            },
        },
        {
            title: "The Max UUID (RFC 9562 §5.10)",
            source: "RFC 9562 §5.10: all 128 bits set; its variant bits 1111 fall in the reserved 'future' range (§4.1)",
            input: { uuid: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF" },
            output: {
                valid: true, version: 15, variant: "future", timestamp: null,
                hex: "f".repeat(32), urn: "urn:uuid:ffffffff-ffff-ffff-ffff-ffffffffffff", isNil: false, isMax: true,
            },
        },
        {
            title: "A non-RFC variant is not a valid UUID",
            source: "RFC 9562 §4.1: variant bits 0xxx (here 0x1b) are the NCS range, outside RFC 9562",
            input: { uuid: "919108f7-52d1-4320-1bac-f847db4148a8" },
            output: INVALID,
        },
    ],
    run: ({ uuid }) => {
        const canonical = toCanonical(uuid);
        if (canonical === undefined || !validate(canonical))
            return ok(INVALID);
        const hex = canonical.replaceAll("-", "");
        const version = versionOf(canonical);
        return ok({
            valid: true,
            version,
            variant: variantOf(Number.parseInt(hex[16] ?? "0", 16)),
            timestamp: timestampOf(hex, version),
            hex,
            urn: `urn:uuid:${canonical}`,
            isNil: hex === "0".repeat(32),
            isMax: hex === "f".repeat(32),
        });
    },
});
function toCanonical(text) {
    const bare = text.trim().toLowerCase().replace(/^urn:uuid:/, "").replace(/^\{(.*)\}$/, "$1");
    const hyphenated = /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/.test(bare);
    const hex = hyphenated ? bare.replaceAll("-", "") : bare;
    if (!/^[0-9a-f]{32}$/.test(hex))
        return undefined;
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
/** RFC 9562 §4.1, from the high bits of octet 8. */
function variantOf(nibble) {
    if (nibble < 0x8)
        return "ncs";
    if (nibble < 0xc)
        return "rfc9562";
    return nibble < 0xe ? "microsoft" : "future";
}
function timestampOf(hex, version) {
    const field = (start, end) => BigInt(`0x${hex.slice(start, end)}`);
    let gregorian;
    if (version === 7)
        return new Date(Number(field(0, 12))).toISOString();
    if (version === 1)
        gregorian = (field(13, 16) << 48n) | (field(8, 12) << 32n) | field(0, 8);
    else if (version === 6)
        gregorian = (field(0, 8) << 28n) | (field(8, 12) << 12n) | field(13, 16);
    else
        return null;
    // Floor division keeps instants before 1970 on the right millisecond.
    const ticks = gregorian - GREGORIAN_OFFSET;
    const milliseconds = ticks / 10000n - (ticks % 10000n < 0n ? 1n : 0n);
    return new Date(Number(milliseconds)).toISOString();
}
