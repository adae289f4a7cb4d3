/** A dotted quad as an unsigned 32-bit integer, or undefined unless node:net accepts it as strict IPv4. */
export declare function toIpv4Number(text: string): number | undefined;
/** An unsigned 32-bit integer as a dotted quad. */
export declare function toDottedQuad(value: number): string;
/** "a.b.c.d/n" split and checked: a strict dotted quad and a decimal prefix 0–32. */
export declare function toIpv4Cidr(text: string): {
    address: number;
    prefixLength: number;
} | undefined;
/** The number of addresses in a prefix and the mask as a 32-bit integer. */
export declare function toIpv4Block(prefixLength: number): {
    size: number;
    mask: number;
};
