const SYMBOLS = [
    [1000, "M"], [900, "CM"], [500, "D"], [400, "CD"], [100, "C"], [90, "XC"],
    [50, "L"], [40, "XL"], [10, "X"], [9, "IX"], [5, "V"], [4, "IV"], [1, "I"],
];
/** The canonical (subtractive) Roman numeral of an integer in 1–3999. */
export function toRoman(number) {
    let rest = number;
    let roman = "";
    for (const [value, symbol] of SYMBOLS) {
        while (rest >= value) {
            roman += symbol;
            rest -= value;
        }
    }
    return roman;
}
/** The value of a canonical Roman numeral (uppercase), or undefined when it is not canonical. */
export function fromRoman(roman) {
    let total = 0;
    let position = 0;
    for (const [value, symbol] of SYMBOLS) {
        while (roman.startsWith(symbol, position)) {
            total += value;
            position += symbol.length;
        }
    }
    // Greedy reading accepts "IIII" or "VV"; only the numeral that toRoman writes back is canonical.
    return position === roman.length && total > 0 && total < 4000 && toRoman(total) === roman ? total : undefined;
}
