/** The accepted MAC notations, for messages. */
export declare const MAC_NOTATIONS = "aa:bb:cc:dd:ee:ff, aa-bb-cc-dd-ee-ff, aabb.ccdd.eeff or 12 hex digits";
/** The 12 upper-case hex digits of a MAC in any accepted notation (surrounding blanks ignored), or undefined. */
export declare function toMacHexDigits(mac: string): string | undefined;
