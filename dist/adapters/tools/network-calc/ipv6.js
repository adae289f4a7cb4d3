import { isIPv6 } from "node:net";
import ipaddr from "ipaddr.js";
/** 2^128 − 1, the all-ones IPv6 address. */
export const IPV6_MAX = (1n << 128n) - 1n;
/** An IPv6 address (no zone id) as a 128-bit BigInt, or undefined unless node:net accepts it. */
export function toIpv6BigInt(text) {
    if (!isIPv6(text) || text.includes("%"))
        return undefined;
    return ipaddr.IPv6.parse(text).parts.reduce((value, part) => (value << 16n) | BigInt(part), 0n);
}
function toParts(value) {
    return [112n, 96n, 80n, 64n, 48n, 32n, 16n, 0n].map((shift) => Number((value >> shift) & 0xffffn));
}
/** The RFC 5952 text form: lower case, leading zeros dropped, the longest run of two or more zero groups as "::". */
export function toCompressedIpv6(value) {
    return new ipaddr.IPv6(toParts(value)).toRFC5952String();
}
/** All eight groups, four hex digits each. */
export function toExpandedIpv6(value) {
    return toParts(value).map((part) => part.toString(16).padStart(4, "0")).join(":");
}
/** The ipaddr.js range name of an address. */
export function toIpv6Range(value) {
    return new ipaddr.IPv6(toParts(value)).range();
}
/** "addr/n" split and checked: an IPv6 address without zone id and a decimal prefix 0–128. */
export function toIpv6Cidr(text) {
    const match = /^([0-9A-Fa-f:.]{2,45})\/(\d{1,3})$/.exec(text);
    if (!match)
        return undefined;
    const address = toIpv6BigInt(match[1]);
    const prefixLength = Number(match[2]);
    return address === undefined || prefixLength > 128 ? undefined : { address, prefixLength };
}
