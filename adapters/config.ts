import { availableCores } from "./cpu-limit.ts";
import { integerIn, isDatabaseUrl, isSmtpUrl, MAX_WORKERS, parseMailFrom, parseOrigins, parsePublicUrl, parseRedisUrls, parseRetrySchedule, parseWorkers } from "./config-values.ts";
import { ENVIRONMENTS, type Environment, type RateLimitPolicy } from "../domain/api-key.ts";
import { parseRatePolicy } from "../domain/rate-limit.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { DEFAULT_RETRY_SCHEDULE } from "../domain/webhook.ts";
import { DEFAULT_MAX_BODY_BYTES } from "./http/request-body.ts";
import { DEFAULT_KEEP_ALIVE_TIMEOUT_MS } from "./http/timeouts.ts";
import { parseTrustProxy, type TrustProxy } from "./http/trust-proxy.ts";
import { findMalformedKeys, malformedKeysMessage } from "./security/secret-sealer.ts";

/** The server's settings, read from the environment and checked once at start. */
export interface Config {
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  readonly redisUrl: string | undefined;
  /** REDIS_CLUSTER: seed node URLs of a Redis Cluster, used instead of REDIS_URL (never both). */
  readonly redisCluster: readonly string[] | undefined;
  /**
   * DATABASE_URL: `postgres://` or `postgresql://`; every record lives in that PostgreSQL database (the rate-limit
   * counters too, unless REDIS_URL or REDIS_CLUSTER is also set).
   */
  readonly databaseUrl: string | undefined;
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
  /** WORKERS: how many server processes share the port (node:cluster); 1 serves in this process alone. */
  readonly workers: number;
  /**
   * The tool process pool's capacity for the whole machine: tasks run at once, tasks that may wait, and how long one
   * may wait; and TOOL_WARM_UP: whether its processes start once the server listens, each running every isolated
   * tool's first example (libraries loaded before the first call), or with the first isolated call, cold.
   */
  readonly toolPool: { readonly concurrency: number; readonly maxQueue: number; readonly maxWaitMs: number; readonly warm: boolean };
  /**
   * PUBLIC_URL: the origin of every link the service sends or shows, never a request's Host. Default
   * `http://<HOST>:<PORT>`; its port 0 (PORT=0) stands for the port the server listens on.
   */
  readonly publicUrl: string;
  /** SMTP_URL: `smtp://` (STARTTLS when offered) or `smtps://`; undefined: each email is written to the log instead. */
  readonly smtpUrl: string | undefined;
  /** MAIL_FROM: the sender of every email, one line. */
  readonly mailFrom: string;
  /** WEBHOOK_RETRY_SCHEDULE: seconds to wait before each attempt after the first. */
  readonly webhookRetrySchedule: readonly number[];
  /** WEBHOOK_ALLOW_PRIVATE: endpoints may be loopback or private addresses and use `http:` (development and tests). */
  readonly webhookAllowPrivate: boolean;
  /**
   * ENCRYPTION_KEY: keys (32 bytes, base64 or hex) that seal TOTP and webhook signing secrets at rest; the first seals,
   * every one opens. Empty: they are stored unsealed.
   */
  readonly encryptionKeys: readonly string[];
}

type Picker = <T>(name: string, fallback: string, parse: (raw: string) => T | undefined, expected: string) => T;

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/** Reads and checks every variable; returns all problems at once so one start reports them all. */
export function loadConfig(env: NodeJS.ProcessEnv): Result<Config, string[]> {
  const problems: string[] = [];
  const pick: Picker = <T>(name: string, fallback: string, parse: (raw: string) => T | undefined, expected: string): T => {
    const raw = env[name] === undefined || env[name] === "" ? fallback : (env[name] as string);
    const value = parse(raw);
    if (value === undefined) problems.push(`${name}=${JSON.stringify(raw)} is invalid: expected ${expected}`);
    return value as T;
  };
  const host = pick("HOST", "127.0.0.1", (raw) => (raw.trim() ? raw.trim() : undefined), "a host name or address");
  const port = pick("PORT", "3000", (raw) => integerIn(raw, 0, 65535), "an integer from 0 to 65535");
  const config: Config = {
    host,
    port,
    dataDir: pick("DATA_DIR", "./data", (raw) => raw, "a directory path"),
    redisUrl: pick("REDIS_URL", "", (raw) => (raw === "" ? "" : /^rediss?:\/\//.test(raw) ? raw : undefined), "a redis:// or rediss:// URL") || undefined,
    redisCluster: pick("REDIS_CLUSTER", "", parseRedisUrls, "a comma-separated list of redis:// or rediss:// seed node URLs") ?? undefined,
    databaseUrl: loadDatabaseUrl(env, problems),
    encryptionKeys: loadEncryptionKeys(env, problems),
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
    workers: pick("WORKERS", "1", parseWorkers, `an integer from 1 to ${MAX_WORKERS} or auto (this machine: ${availableCores()})`),
    toolPool: {
      concurrency: pick("TOOL_CONCURRENCY", "2", (raw) => integerIn(raw, 1, 64), "an integer from 1 to 64"),
      maxQueue: pick("TOOL_QUEUE_MAX", "16", (raw) => integerIn(raw, 0, 10_000), "an integer from 0 to 10000"),
      maxWaitMs: pick("TOOL_QUEUE_WAIT_MS", "10000", (raw) => integerIn(raw, 0, 600_000), "an integer from 0 to 600000"),
      warm: pick("TOOL_WARM_UP", "true", parseBoolean, "true or false"),
    },
    // host is undefined when HOST is invalid (already reported); IPv6 addresses go in brackets.
    ...loadOutbound(env, pick, problems, `http://${host?.includes(":") ? `[${host}]` : host}:${port}`),
  };
  return problems.length > 0 ? err(problems) : ok(config);
}

/** PUBLIC_URL once the server listens: a port 0 (PORT=0 binds a free port, and the default carries it) becomes the port bound. */
export function toListeningUrl(publicUrl: string, port: number): string {
  const url = new URL(publicUrl);
  if (url.port !== "0") return publicUrl;
  url.port = String(port);
  return url.origin;
}

/** DATABASE_URL, never echoed in a problem: it may carry the database's password. */
function loadDatabaseUrl(env: NodeJS.ProcessEnv, problems: string[]): string | undefined {
  const raw = env.DATABASE_URL || undefined;
  if (raw !== undefined && !isDatabaseUrl(raw)) {
    problems.push("DATABASE_URL is invalid (value not shown: it may hold a password): expected postgres://user:pass@host:port/database or postgresql://…");
  }
  return raw;
}

/** ENCRYPTION_KEY's comma-separated keys, never echoed in a problem; an empty entry (a trailing comma) is ignored. */
function loadEncryptionKeys(env: NodeJS.ProcessEnv, problems: string[]): string[] {
  const keys = (env.ENCRYPTION_KEY ?? "").split(",").map((entry) => entry.trim()).filter((entry) => entry !== "");
  const malformed = findMalformedKeys(keys);
  if (malformed.length > 0) problems.push(malformedKeysMessage("ENCRYPTION_KEY", malformed, keys.length));
  return keys;
}

/** The variables of what leaves the service: links, email and webhooks. */
function loadOutbound(env: NodeJS.ProcessEnv, pick: Picker, problems: string[], defaultOrigin: string) {
  const publicUrl = pick("PUBLIC_URL", defaultOrigin, parsePublicUrl, "an http: or https: origin such as https://tools.example.com (no path, query or fragment)");
  const mailHost = publicUrl === undefined ? "localhost" : new URL(publicUrl).hostname;
  const smtpUrl = env.SMTP_URL || undefined;
  // Never echoed: the URL carries the mail server's password.
  if (smtpUrl !== undefined && !isSmtpUrl(smtpUrl)) problems.push("SMTP_URL is invalid (value not shown: it may hold a password): expected smtp://user:pass@host:port or smtps://user:pass@host:port");
  return {
    publicUrl,
    smtpUrl,
    mailFrom: pick("MAIL_FROM", `Tool Execution API <no-reply@${mailHost}>`, parseMailFrom, "one line such as Tools <no-reply@example.com> or no-reply@example.com"),
    webhookRetrySchedule: pick("WEBHOOK_RETRY_SCHEDULE", DEFAULT_RETRY_SCHEDULE.join(","), parseRetrySchedule, "1 to 20 comma-separated whole seconds, each from 0 to 604800, such as 5,300,1800"),
    webhookAllowPrivate: pick("WEBHOOK_ALLOW_PRIVATE", "false", parseBoolean, "true or false"),
  };
}

const parseBoolean = (raw: string): boolean | undefined => (raw === "true" ? true : raw === "false" ? false : undefined);
