/** RFC 7617 with charset="UTF-8": the user-pass is UTF-8 encoded before Base64. */
export declare const basicAuthGenerator: import("../../../domain/tool.ts").ToolDefinition<{
    username: string;
    password: string;
}, {
    token: string;
    header: string;
}>;
