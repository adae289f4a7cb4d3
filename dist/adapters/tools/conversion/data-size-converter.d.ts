/** Plain IEEE-754 arithmetic (value × bytes-per-unit ÷ bytes-per-unit), unrounded: 1 PiB is 1125899906842624 bytes. */
export declare const dataSizeConverter: import("../../../domain/tool.ts").ToolDefinition<{
    value: number;
    unit: string;
}, {
    bytes: number;
    kB: number;
    MB: number;
    GB: number;
    TB: number;
    PB: number;
    KiB: number;
    MiB: number;
    GiB: number;
    TiB: number;
    PiB: number;
}>;
