import type { H3 } from "h3";
import type { Environment } from "../../domain/api-key.ts";
import type { AnyTool } from "../../domain/tool.ts";
import { buildContainer } from "../container.ts";
import { type Storage } from "../storage/open-storage.ts";
import { FixedClock } from "../system.ts";
/** An in-process app on memory storage, with its log lines captured. */
export interface TestApp {
    readonly app: H3;
    readonly clock: FixedClock;
    readonly storage: Storage;
    readonly logs: string[];
    readonly container: ReturnType<typeof buildContainer>;
    /** Creates a key through the CreateKey use case and returns its id and secret. */
    createKey(options?: {
        env?: Environment;
        limit?: number;
        windowSeconds?: number;
        name?: string;
    }): Promise<{
        id: string;
        secret: string;
    }>;
    revokeKey(id: string): Promise<void>;
}
export interface TestAppOptions {
    readonly env?: Environment;
    readonly maxBodyBytes?: number;
    readonly tools?: readonly AnyTool[];
    readonly now?: number;
    /** Defaults to memory storage on the harness clock. */
    readonly storage?: Storage;
}
/** scrypt at a test cost (N = 2^10): the same code path as production, a thousandth of the work. */
export declare const TEST_SCRYPT_COST: {
    readonly logN: 10;
    readonly r: 8;
    readonly p: 1;
};
export declare function createTestApp(options?: TestAppOptions): TestApp;
/** A POST with a JSON body to the in-process app. */
export declare function postJson(app: H3, path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
