type Input = {
    extension?: string;
    mimeType?: string;
};
/** Data is mime-db as bundled with mime-types (pinned); text/* without a registered charset defaults to UTF-8. */
export declare const mimeTypeLookup: import("../../../domain/tool.ts").ToolDefinition<Input, {
    mimeType: string;
    extensions: string[];
    charset: string | null;
    contentType: string | null;
}>;
export {};
