export declare const markdownToHtml: import("../../../domain/tool.ts").ToolDefinition<{
    markdown: string;
    linkify: boolean;
    typographer: boolean;
    breaks: boolean;
}, {
    html: string;
}>;
