import cluster from "node:cluster";
import { flushCompileCache } from "./compile-cache.ts";
import { type Config, loadConfig } from "./config.ts";
import { batchedLines, createLogger, type Logger, stdoutBytes, workerBatchBytes } from "./logger.ts";
import { type LoadedPack, loadPacks, parsePackList } from "./packs/load-packs.ts";
import { type RunningServer, type ServerOptions, servesIsolatedTools, startPoolSoon, startServer, toolPool } from "./server.ts";
import { warnAtStart } from "./start-warnings.ts";
import { hasReusePort } from "./workers/listen-mode.ts";
import { type ListeningMessage, superviseWorkers } from "./workers/supervisor.ts";

/** Exit code for a configuration error (sysexits EX_CONFIG). */
const EXIT_CONFIG = 78;
/** How much longer than a worker's own drain (SHUTDOWN_TIMEOUT_MS) the primary waits before killing it. */
const STOP_MARGIN_MS = 5_000;

/**
 * `npm start` and `tool-api serve`: the configuration checked, then one server in this process, or with WORKERS > 1
 * this process supervising that many (each of them runs this same function as a cluster worker). `extra` is for test
 * entries (their own tools), never set in production.
 */
export async function runServe(env: NodeJS.ProcessEnv, extra: Pick<ServerOptions, "tools"> = {}): Promise<void> {
  const loaded = loadConfig(env);
  if (!loaded.ok) {
    console.error(`Invalid configuration:\n  ${loaded.error.join("\n  ")}`);
    process.exit(EXIT_CONFIG);
  }
  const config = loaded.value;
  if (config.workers > 1 && cluster.isPrimary) return superviseHere(config, env, extra);
  await serveHere(config, env, extra);
}

/**
 * The primary of WORKERS: forks the workers and holds the machine's one tool pool, which every worker's isolated calls
 * go to (shared-tool-pool.ts). The pool closes once every worker has drained, so calls in flight at a stop finish.
 */
async function superviseHere(config: Config, env: NodeJS.ProcessEnv, extra: Pick<ServerOptions, "tools">): Promise<never> {
  const logger = createLogger(config.logLevel);
  warnAtStart(config, logger);
  const packs = await loadPacksOrExit(env);
  const served = { ...extra, packs };
  const pool = servesIsolatedTools(served) ? await toolPool(logger, served, config.toolPool) : undefined;
  // Tool inputs and results cross to the primary as they cross to a tool process (Uint8Array, Map, undefined).
  cluster.setupPrimary({ serialization: "advanced" });
  if (pool) (await import("./workers/shared-tool-pool.ts")).serveToolPool(pool);
  if (config.metricsToken !== undefined) (await import("./workers/cluster-metrics.ts")).serveClusterScrapes(pool && (() => pool.stats()));
  const code = await superviseWorkers({
    workers: config.workers, logger, stopTimeoutMs: config.shutdownTimeoutMs + STOP_MARGIN_MS, pinPort: config.port === 0 && hasReusePort(),
    onListening: (message) => {
      console.log(listeningLine(config, message));
      if (pool) startPoolSoon(pool, config);
    },
  });
  await pool?.close();
  logger.flush();
  process.exit(code);
}

/** A pack that fails to load, is malformed or collides is a configuration error: stop before listening, naming it. */
function loadPacksOrExit(env: NodeJS.ProcessEnv): Promise<LoadedPack[]> {
  return loadPacks(parsePackList(env.TOOL_PACKS)).catch((error: Error) => {
    console.error(`Invalid configuration:\n  TOOL_PACKS: ${error.message}`);
    process.exit(EXIT_CONFIG);
  });
}

/** Tests and scripts read the URL off the start of this line; a person reads where to point a browser off its end. */
function listeningLine(config: Config, { url, storage }: Omit<ListeningMessage, "kind">): string {
  const workers = config.workers > 1 ? `, workers: ${config.workers}` : "";
  return `Listening on ${url} (APP_ENV=${config.appEnv}, storage: ${storage}${workers}); dashboard ${url}/dashboard, API docs ${url}/docs`;
}

/** A worker's lines go to the primary's stdout in writes no other worker's write can split (workerBatchBytes). */
function serverLogger(config: Config): Logger {
  if (!cluster.isWorker) return createLogger(config.logLevel);
  return createLogger(config.logLevel, batchedLines(stdoutBytes(), { maxBytes: workerBatchBytes() })).child({ worker: cluster.worker?.id });
}

async function serveHere(config: Config, env: NodeJS.ProcessEnv, extra: Pick<ServerOptions, "tools">): Promise<void> {
  const logger = serverLogger(config);
  const packs = await loadPacksOrExit(env);
  const running = await startServer(config, { logger, packs, ...extra }).catch((error: Error) => {
    // Storage that cannot be opened (Redis unreachable, DATA_DIR not writable) is an operator problem, not a bug.
    console.error(`Cannot start: ${error.message}`);
    process.exit(1);
  });
  const listening = { url: running.url, storage: running.storage.kind };
  flushCompileCache();
  if (cluster.isWorker) process.send?.({ kind: "tool-api:listening", ...listening } satisfies ListeningMessage);
  else console.log(listeningLine(config, listening));
  stopOnSignals(running, logger);
}

function stopOnSignals(running: RunningServer, logger: Logger): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    try {
      await running.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
}
