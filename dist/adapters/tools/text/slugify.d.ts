export declare const slugify: import("../../../domain/tool.ts").ToolDefinition<{
    text: string;
    separator: string;
    lowercase: boolean;
}, {
    slug: string;
}>;
