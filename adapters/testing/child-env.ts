/**
 * Every variable the server, the keys CLI, the conformance CLI and `tool-api mcp` read (adapters/config.ts, main.ts,
 * the CLIs), plus the storage and process switches of the deployment section (WORKERS, DATABASE_URL). A test machine
 * exports some of them for the tests that want them (REDIS_URL for the Redis suites): a child a test starts must not
 * pick them up unasked, or it writes to that shared Redis while the test reads its own temporary store.
 */
export const SERVER_VARIABLES = [
  "HOST", "PORT", "PUBLIC_URL", "DATA_DIR", "REDIS_URL", "REDIS_CLUSTER", "REDIS_PREFIX", "DATABASE_URL", "WORKERS",
  "APP_ENV", "RATE_LIMIT", "MAX_BODY_BYTES", "LOG_LEVEL", "SHUTDOWN_TIMEOUT_MS", "KEEP_ALIVE_TIMEOUT_MS", "TRUST_PROXY",
  "MCP_ALLOWED_ORIGINS", "METRICS_TOKEN", "TOOL_PACKS", "TOOL_CONCURRENCY", "TOOL_QUEUE_MAX", "TOOL_QUEUE_WAIT_MS", "TOOL_WARM_UP",
  "SMTP_URL", "MAIL_FROM", "WEBHOOK_RETRY_SCHEDULE", "WEBHOOK_ALLOW_PRIVATE", "ENCRYPTION_KEY",
  "TOOL_API_KEY", "TOOL_API_URL", "CONFORMANCE_API_KEY", "CONFORMANCE_RATE_LIMITED_KEY",
] as const;

const SCRUBBED: ReadonlySet<string> = new Set(SERVER_VARIABLES);

/**
 * What a server a test starts runs with unless the test sets otherwise: tool processes that skip their warm-up. Each
 * warm-up loads every isolated tool's library (≈ 5 s of CPU per process under tsx, three processes a server) and was
 * the suite's largest single cost; a test's first call of a tool loads just that tool's library instead.
 */
const TEST_DEFAULTS: Readonly<Record<string, string>> = { TOOL_WARM_UP: "false" };

/**
 * The environment of a process a test starts: this process's (PATH, HOME, TMPDIR, CI…) without any of
 * SERVER_VARIABLES, then TEST_DEFAULTS, then exactly the variables the test sets (an undefined value leaves that
 * variable out).
 */
export function childEnv(env: Readonly<Record<string, string | undefined>> = {}): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined && !SCRUBBED.has(name)) result[name] = value;
  Object.assign(result, TEST_DEFAULTS);
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete result[name];
    else result[name] = value;
  }
  return result;
}
