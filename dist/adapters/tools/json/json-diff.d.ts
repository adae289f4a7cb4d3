interface PatchOperation {
    op: "add" | "remove" | "replace" | "move";
    path: string;
    from?: string;
    value?: unknown;
}
export declare const jsonDiff: import("../../../domain/tool.ts").ToolDefinition<{
    left: string;
    right: string;
}, {
    equal: boolean;
    patch: PatchOperation[];
}>;
export {};
