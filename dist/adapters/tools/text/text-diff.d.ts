export declare const textDiff: import("../../../domain/tool.ts").ToolDefinition<{
    oldText: string;
    newText: string;
    context: number;
    oldName: string;
    newName: string;
}, {
    unifiedDiff: string;
    additions: number;
    deletions: number;
    identical: boolean;
}>;
