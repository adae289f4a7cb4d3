/**
 * `exponent` is the effective (unbiased) exponent: stored exponent − bias, or 1 − bias for zero and subnormals,
 * whose stored exponent field is all zeros. NaN and ±Infinity cannot arrive through JSON; a value too large for
 * binary32 would become Infinity and is refused.
 */
export declare const floatIeee754Converter: import("../../../domain/tool.ts").ToolDefinition<{
    value: number;
    precision: number;
}, {
    hex: string;
    binary: string;
    sign: number;
    exponent: number;
    exponentBits: string;
    mantissaBits: string;
    storedValue: number;
}>;
