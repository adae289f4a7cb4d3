/** Provider rules (Gmail dots and +tags, googlemail → gmail, Yandex aliases …) are validator.js's defaults. */
export declare const emailNormalizer: import("../../../domain/tool.ts").ToolDefinition<{
    email: string;
}, {
    normalized: string;
}>;
