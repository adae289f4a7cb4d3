/** 2^128 − 1, the all-ones IPv6 address. */
export declare const IPV6_MAX: bigint;
/** An IPv6 address (no zone id) as a 128-bit BigInt, or undefined unless node:net accepts it. */
export declare function toIpv6BigInt(text: string): bigint | undefined;
/** The RFC 5952 text form: lower case, leading zeros dropped, the longest run of two or more zero groups as "::". */
export declare function toCompressedIpv6(value: bigint): string;
/** All eight groups, four hex digits each. */
export declare function toExpandedIpv6(value: bigint): string;
/** The ipaddr.js range name of an address. */
export declare function toIpv6Range(value: bigint): string;
/** "addr/n" split and checked: an IPv6 address without zone id and a decimal prefix 0–128. */
export declare function toIpv6Cidr(text: string): {
    address: bigint;
    prefixLength: number;
} | undefined;
