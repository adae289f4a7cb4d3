export declare const bcryptVerify: import("../../../domain/tool.ts").ToolDefinition<{
    password: string;
    hash: string;
}, {
    match: boolean;
    rounds: number;
}>;
