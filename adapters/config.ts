import { ENVIRONMENTS, type Environment, type RateLimitPolicy } from "../domain/api-key.ts";
import { parseRatePolicy } from "../domain/rate-limit.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { DEFAULT_MAX_BODY_BYTES } from "./http/request-body.ts";
import { DEFAULT_KEEP_ALIVE_TIMEOUT_MS } from "./http/timeouts.ts";
import { parseTrustProxy, type TrustProxy } from "./http/trust-proxy.ts";

/** The server's settings, read from the environment and checked once at start. */
export interface Config {
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  readonly redisUrl: string | undefined;
  /** REDIS_CLUSTER: seed node URLs of a Redis Cluster, used instead of REDIS_URL (never both). */
  readonly redisCluster: readonly string[] | undefined;
  /** Every Redis key starts with this, so deployments and test runs can share one server. */
  readonly redisPrefix: string;
  readonly appEnv: Environment;
  readonly defaultPolicy: RateLimitPolicy;
  readonly maxBodyBytes: number;
  readonly logLevel: string;
  /** How long SIGTERM waits for in-flight requests before closing anyway. */
  readonly shutdownTimeoutMs: number;
  /** How long an idle keep-alive connection stays open: longer than a load balancer's idle timeout. */
  readonly keepAliveTimeoutMs: number;
  /** Which proxies' X-Forwarded-For / X-Forwarded-Proto are believed; none unless TRUST_PROXY says. */
  readonly trustProxy: TrustProxy;
  /** MCP_ALLOWED_ORIGINS: origins a browser page may call /mcp from (DNS-rebinding protection); none by default. */
  readonly mcpAllowedOrigins: readonly string[];
  /** METRICS_TOKEN: the bearer token GET /metrics asks for; undefined (the default): /metrics is off. */
  readonly metricsToken: string | undefined;
  /** The tool process pool's capacity: tasks run at once, tasks that may wait, and how long one may wait. */
  readonly toolPool: { readonly concurrency: number; readonly maxQueue: number; readonly maxWaitMs: number };
}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/** Reads and checks every variable; returns all problems at once so one start reports them all. */
export function loadConfig(env: NodeJS.ProcessEnv): Result<Config, string[]> {
  const problems: string[] = [];
  const pick = <T>(name: string, fallback: string, parse: (raw: string) => T | undefined, expected: string): T => {
    const raw = env[name] === undefined || env[name] === "" ? fallback : (env[name] as string);
    const value = parse(raw);
    if (value === undefined) problems.push(`${name}=${JSON.stringify(raw)} is invalid: expected ${expected}`);
    return value as T;
  };
  const config: Config = {
    host: pick("HOST", "127.0.0.1", (raw) => (raw.trim() ? raw.trim() : undefined), "a host name or address"),
    port: pick("PORT", "3000", (raw) => integerIn(raw, 0, 65535), "an integer from 0 to 65535"),
    dataDir: pick("DATA_DIR", "./data", (raw) => raw, "a directory path"),
    redisUrl: pick("REDIS_URL", "", (raw) => (raw === "" ? "" : /^rediss?:\/\//.test(raw) ? raw : undefined), "a redis:// or rediss:// URL") || undefined,
    redisCluster: pick("REDIS_CLUSTER", "", parseRedisUrls, "a comma-separated list of redis:// or rediss:// seed node URLs") ?? undefined,
    redisPrefix: pick("REDIS_PREFIX", "toolapi:", (raw) => (/^[\w:.-]{1,64}$/.test(raw) ? raw : undefined), "1-64 characters of [A-Za-z0-9_:.-]"),
    appEnv: pick("APP_ENV", "development", (raw) => ENVIRONMENTS.find((name) => name === raw), ENVIRONMENTS.join(", ")),
    defaultPolicy: pick("RATE_LIMIT", "60/60s", parseRatePolicy, "N/<window> such as 60/60s, 1000/1h (N 1 to 10^9, window 1 s to 24 h)"),
    maxBodyBytes: pick("MAX_BODY_BYTES", String(DEFAULT_MAX_BODY_BYTES), (raw) => integerIn(raw, 1, 1_073_741_824), "an integer from 1 to 1073741824"),
    logLevel: pick("LOG_LEVEL", "info", (raw) => (LOG_LEVELS.includes(raw) ? raw : undefined), LOG_LEVELS.join(", ")),
    shutdownTimeoutMs: pick("SHUTDOWN_TIMEOUT_MS", "10000", (raw) => integerIn(raw, 0, 600_000), "an integer from 0 to 600000"),
    keepAliveTimeoutMs: pick("KEEP_ALIVE_TIMEOUT_MS", String(DEFAULT_KEEP_ALIVE_TIMEOUT_MS), (raw) => integerIn(raw, 1, 600_000), "an integer from 1 to 600000"),
    trustProxy: pick("TRUST_PROXY", "", parseTrustProxy, "a comma-separated list of loopback, linklocal, uniquelocal, IP addresses and CIDR ranges"),
    mcpAllowedOrigins: pick("MCP_ALLOWED_ORIGINS", "", parseOrigins, "a comma-separated list of origins such as https://app.example.com"),
    metricsToken: pick("METRICS_TOKEN", "", (raw) => (raw === "" || /^[\x21-\x7e]{16,256}$/.test(raw) ? raw : undefined), "16 to 256 visible ASCII characters, no spaces") || undefined,
    toolPool: {
      concurrency: pick("TOOL_CONCURRENCY", "2", (raw) => integerIn(raw, 1, 64), "an integer from 1 to 64"),
      maxQueue: pick("TOOL_QUEUE_MAX", "16", (raw) => integerIn(raw, 0, 10_000), "an integer from 0 to 10000"),
      maxWaitMs: pick("TOOL_QUEUE_WAIT_MS", "10000", (raw) => integerIn(raw, 0, 600_000), "an integer from 0 to 600000"),
    },
  };
  if (config.redisUrl && config.redisCluster) problems.push("REDIS_URL and REDIS_CLUSTER are both set: set one (a single Redis, or a cluster's seed nodes)");
  return problems.length > 0 ? err(problems) : ok(config);
}

/** null when unset ("": no cluster), undefined when invalid (pick reports it). */
function parseRedisUrls(raw: string): string[] | null | undefined {
  if (raw === "") return null;
  const urls = raw.split(",").map((entry) => entry.trim()).filter((entry) => entry !== "");
  return urls.length > 0 && urls.every((url) => /^rediss?:\/\/[^/]+/.test(url)) ? urls : undefined;
}

/** Each entry must be an origin exactly as a browser sends it: scheme, host and port only, no path or trailing slash. */
function parseOrigins(raw: string): string[] | undefined {
  const origins = raw.split(",").map((entry) => entry.trim()).filter((entry) => entry !== "");
  return origins.every(isOrigin) ? origins : undefined;
}

function isOrigin(text: string): boolean {
  try {
    return new URL(text).origin === text;
  } catch {
    return false;
  }
}

function integerIn(raw: string, min: number, max: number): number | undefined {
  if (!/^\d+$/.test(raw.trim())) return undefined;
  const value = Number(raw);
  return value >= min && value <= max ? value : undefined;
}
