/** bowser (MIT) rather than ua-parser-js ≥ 2, which is AGPL-3.0. */
export declare const userAgentParser: import("../../../domain/tool.ts").ToolDefinition<{
    userAgent: string;
}, {
    browser: Record<string, string | null>;
    os: Record<string, string | null>;
    platform: Record<string, string | null>;
    engine: Record<string, string | null>;
}>;
