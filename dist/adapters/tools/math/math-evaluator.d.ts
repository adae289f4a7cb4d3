/** EVAL: mathjs's own parser over a restricted instance, never JS eval; runs in the worker pool under a time cap. */
export declare const mathEvaluator: import("../../../domain/tool.ts").ToolDefinition<{
    expression: string;
    precision: number;
}, {
    result: string;
    type: string;
}>;
