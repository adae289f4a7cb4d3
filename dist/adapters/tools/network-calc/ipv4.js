import { isIPv4 } from "node:net";
/** A dotted quad as an unsigned 32-bit integer, or undefined unless node:net accepts it as strict IPv4. */
export function toIpv4Number(text) {
    // ipaddr.js alone would accept "10.1" and "0x7f.1"; node:net only takes four decimal octets.
    if (!isIPv4(text))
        return undefined;
    return text.split(".").reduce((value, octet) => value * 256 + Number(octet), 0);
}
/** An unsigned 32-bit integer as a dotted quad. */
export function toDottedQuad(value) {
    return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join(".");
}
/** "a.b.c.d/n" split and checked: a strict dotted quad and a decimal prefix 0–32. */
export function toIpv4Cidr(text) {
    const match = /^([0-9.]{7,15})\/(\d{1,2})$/.exec(text);
    if (!match)
        return undefined;
    const address = toIpv4Number(match[1]);
    const prefixLength = Number(match[2]);
    if (address === undefined || prefixLength > 32)
        return undefined;
    return { address, prefixLength };
}
/** The number of addresses in a prefix and the mask as a 32-bit integer. */
export function toIpv4Block(prefixLength) {
    const size = 2 ** (32 - prefixLength);
    return { size, mask: 2 ** 32 - size };
}
