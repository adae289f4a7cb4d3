import type { OpenApiSchema } from "./json-schema-to-openapi.ts";
/** The account, workspace and key schemas the session API answers with. */
export declare function sessionSchemas(): Record<string, OpenApiSchema>;
/** Paths of the session API: sign-up/in/out, the session, workspaces, members and keys. */
export declare function sessionPaths(): Record<string, unknown>;
