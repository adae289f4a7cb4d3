import { type Environment, type RateLimitPolicy } from "../domain/api-key.ts";
import { type Result } from "../domain/result.ts";
import { type TrustProxy } from "./http/trust-proxy.ts";
/** The server's settings, read from the environment and checked once at start. */
export interface Config {
    readonly host: string;
    readonly port: number;
    readonly dataDir: string;
    readonly redisUrl: string | undefined;
    /** Every Redis key starts with this, so deployments and test runs can share one server. */
    readonly redisPrefix: string;
    readonly appEnv: Environment;
    readonly defaultPolicy: RateLimitPolicy;
    readonly maxBodyBytes: number;
    readonly logLevel: string;
    /** How long SIGTERM waits for in-flight requests before closing anyway. */
    readonly shutdownTimeoutMs: number;
    /** Which proxies' X-Forwarded-For / X-Forwarded-Proto are believed; none unless TRUST_PROXY says. */
    readonly trustProxy: TrustProxy;
}
/** Reads and checks every variable; returns all problems at once so one start reports them all. */
export declare function loadConfig(env: NodeJS.ProcessEnv): Result<Config, string[]>;
