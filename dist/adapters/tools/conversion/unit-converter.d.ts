/**
 * Unit strings go only to mathjs's unit parser (`math.unit`), never to `math.evaluate`. The result keeps 15
 * significant digits, which drops binary noise such as 12 inch → 30.479999999999997 cm.
 */
export declare const unitConverter: import("../../../domain/tool.ts").ToolDefinition<{
    value: number;
    from: string;
    to: string;
}, {
    result: number;
    from: string;
    to: string;
}>;
