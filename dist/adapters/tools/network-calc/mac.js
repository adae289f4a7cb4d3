const MAC_FORMATS = [
    /^[0-9A-F]{2}([:-])[0-9A-F]{2}(?:\1[0-9A-F]{2}){4}$/i,
    /^[0-9A-F]{4}\.[0-9A-F]{4}\.[0-9A-F]{4}$/i,
    /^[0-9A-F]{12}$/i,
];
/** The accepted MAC notations, for messages. */
export const MAC_NOTATIONS = "aa:bb:cc:dd:ee:ff, aa-bb-cc-dd-ee-ff, aabb.ccdd.eeff or 12 hex digits";
/** The 12 upper-case hex digits of a MAC in any accepted notation (surrounding blanks ignored), or undefined. */
export function toMacHexDigits(mac) {
    const text = mac.trim();
    return MAC_FORMATS.some((format) => format.test(text)) ? text.replace(/[:.-]/g, "").toUpperCase() : undefined;
}
