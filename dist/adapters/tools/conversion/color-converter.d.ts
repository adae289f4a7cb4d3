/** LCH/Lab use the D50 white point (CSS Color 4); channel values are rounded as colord prints them. */
export declare const colorConverter: import("../../../domain/tool.ts").ToolDefinition<{
    color: string;
}, {
    hex: string;
    rgb: string;
    hsl: string;
    hwb: string;
    cmyk: string;
    lch: string;
    name: string;
    alpha: number;
} | {
    hex: string;
    rgb: string;
    hsl: string;
    hwb: string;
    cmyk: string;
    lch: string;
    name: null;
    alpha: number;
}>;
