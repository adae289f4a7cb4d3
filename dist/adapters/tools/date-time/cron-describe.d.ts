/** cronstrue falls back to English on an unknown locale (with a console warning), so the tool checks it first. */
export declare const cronDescribe: import("../../../domain/tool.ts").ToolDefinition<{
    expression: string;
    locale: string;
    use24HourTimeFormat: boolean;
}, {
    description: string;
}>;
