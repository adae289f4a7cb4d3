export declare const jsonSchemaValidator: import("../../../domain/tool.ts").ToolDefinition<{
    schema: object;
    data: unknown;
}, {
    valid: boolean;
    errors: {
        instancePath: string;
        keyword: string;
        message: string;
        params: Record<string, any>;
    }[];
}>;
