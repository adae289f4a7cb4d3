import type { H3 } from "h3";
import type { TestApp } from "../../testing/harness.ts";
export declare const PASSWORD = "correct horse battery";
/** A signed-in JSON client: its cookie and CSRF token. */
export interface Client {
    readonly cookie: string;
    readonly csrf: string;
    readonly accountId: string;
    readonly workspaceId: string;
}
/** The `name=value` part of a response's Set-Cookie, for sending back. */
export declare function cookieOf(response: Response): string;
/** A session-API request: JSON body when given, the session cookie and CSRF header when a client is given. */
export declare function call(app: H3, method: string, path: string, options?: {
    client?: Client;
    body?: unknown;
    csrf?: string | null;
}): Promise<Response>;
/** Signs up through the API and returns the signed-in client. */
export declare function signUp(app: H3, email: string): Promise<Client>;
/** Creates a key in a workspace through the dashboard's use case (keys are not created over the session API). */
export declare function createWorkspaceKey(test: TestApp, client: Client, name?: string): Promise<import("../../../application/create-key.ts").CreateKeyOutput>;
