import type { OpenApiSchema } from "./json-schema-to-openapi.ts";
import type { Operation } from "./operation.ts";
/** The account, workspace and key schemas the session API answers with. */
export declare function sessionSchemas(): Record<string, OpenApiSchema>;
/** Operations of the session API: sign-up/in/out, the session, workspaces, members and keys. */
export declare function sessionOperations(): Operation[];
