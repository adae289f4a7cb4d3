/** The canonical (subtractive) Roman numeral of an integer in 1–3999. */
export declare function toRoman(number: number): string;
/** The value of a canonical Roman numeral (uppercase), or undefined when it is not canonical. */
export declare function fromRoman(roman: string): number | undefined;
