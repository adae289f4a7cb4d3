import type { AnyTool } from "../domain/tool.ts";
/** The deployment under test and the keys to test it with. */
export interface Target {
    readonly baseUrl: string;
    readonly apiKey: string;
    readonly rateLimitedKey?: string;
    readonly maxBodyBytes: number;
    /** Whether the run may create accounts (sign-up) on the target. */
    readonly mayCreateAccounts: boolean;
    /** Makes a key in a workspace; only a server the runner booted itself can. */
    readonly createWorkspaceKey?: (workspaceId: string) => Promise<string>;
    close(): Promise<void>;
}
export interface RemoteTargetOptions {
    readonly baseUrl: string;
    readonly apiKey: string;
    readonly rateLimitedKey?: string;
    readonly maxBodyBytes?: number;
    readonly signUp?: boolean;
}
/** A deployment someone else runs. A trailing /api/v1 in the URL is tolerated. */
export declare function remoteTarget(options: RemoteTargetOptions): Target;
/**
 * Boots the real server (startServer) on 127.0.0.1:0 with embedded storage in a temporary DATA_DIR, and creates
 * its keys through the container's CreateKey use case. `tools` replaces the catalog, e.g. to prove the suite fails.
 */
export declare function bootTarget(options?: {
    tools?: readonly AnyTool[];
}): Promise<Target>;
