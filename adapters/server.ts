import cluster from "node:cluster";
import type { Server } from "node:http";
import type { AttemptLimits } from "../application/attempt-limits.ts";
import type { AddressInfo } from "node:net";
import type { H3 } from "h3";
import type { Clock, PasswordHasher, ToolRunner } from "../application/ports.ts";
import type { AnyTool } from "../domain/tool.ts";
import { type Config, toListeningUrl } from "./config.ts";
import { createToolCore, type ToolCore } from "./core/create-tool-core.ts";
import type { CoreEventOptions } from "./core/core-events.ts";
import { openMailer } from "./email/open-mailer.ts";
import { createNodeServer } from "./http/node-server.ts";
import { createLogger, type Logger } from "./logger.ts";
import type { Metrics } from "./metrics/metrics.ts";
import type { LoadedPack } from "./packs/load-packs.ts";
import { openStorage, type Storage } from "./storage/open-storage.ts";
import { StoreRefusedError } from "./storage/store-identity-guard.ts";
import { guardStoreIdentity } from "./storage/store-identity-storage.ts";
import { warnAtStart } from "./start-warnings.ts";
import { SystemClock } from "./system.ts";
import { DeferredRunner } from "./tools/deferred-runner.ts";
import { InlineToolRunner } from "./tools/inline-tool-runner.ts";
import { listenOptions } from "./workers/listen-mode.ts";
import type { PoolStats } from "./tools/process-pool.ts";

/** How long after listening the tool processes start booting. */
const POOL_START_DELAY_MS = 300;

/** A listening server and what it holds open. */
export interface RunningServer {
  readonly url: string;
  readonly server: Server;
  readonly app: H3;
  readonly core: ToolCore;
  readonly container: ToolCore["services"]["container"];
  readonly storage: Storage;
  /** Stops accepting, lets in-flight requests finish (up to the shutdown timeout), then closes storage. */
  close(): Promise<void>;
}

export interface ServerOptions {
  readonly logger?: Logger;
  readonly tools?: readonly AnyTool[];
  readonly runner?: ToolRunner & { close?(): Promise<void> };
  /** Packs loaded from TOOL_PACKS (adapters/packs/load-packs.ts); the tool processes load the same modules. */
  readonly packs?: readonly LoadedPack[];
  /** Scrypt at its production cost when absent; tests that sign many accounts up pass a cheaper one. */
  readonly passwordHasher?: PasswordHasher;
  /** False: execute calls are not counted for usage. Only the bench sets it, to measure what recording costs. */
  readonly recordUsage?: boolean;
  /** Sign-in, sign-up and session-write limits; the defaults when absent. Tests that hammer one account raise them. */
  readonly attemptLimits?: AttemptLimits;
  /** Overrides of how events leave (senders, poll interval); the configuration's otherwise. */
  readonly events?: Partial<CoreEventOptions>;
  /**
   * Opens the store instead of the configuration's own opening. Tests of PostgreSQL on a loaded machine open it with a
   * longer statement deadline, so what they prove is the semantics, not how fast a statement returns.
   */
  readonly openStorage?: (config: Config, clock: Clock, logger: Logger) => Promise<Storage>;
}

/** Opens storage, wires the core (createToolCore) and serves the reference app over node:http. */
export async function startServer(config: Config, options: ServerOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const clock = new SystemClock();
  // A store that lost data (emptied, restored from an older snapshot) is refused, not served as if it had none.
  const { storage, guard } = await guardStoreIdentity(await (options.openStorage ?? openStorage)(config, clock, logger), config, logger);
  const runner = options.runner ?? (await runnerFor(config, logger, options));
  let publicUrl = config.publicUrl; // its port 0 (PORT=0) becomes the bound port once listening, below
  const mailer = openMailer(config, logger);
  // Under WORKERS the primary has said them (serve.ts): N workers, and each replacement, would repeat them.
  if (!cluster.isWorker) warnAtStart(config, logger);
  const core = await createToolCore({
    storage, tools: options.tools, packs: options.packs, env: config.appEnv, runner, clock, passwordHasher: options.passwordHasher, recordUsage: options.recordUsage,
    attemptLimits: options.attemptLimits, encryptionKeys: config.encryptionKeys,
    defaultLimit: { limit: config.defaultPolicy.limit, windowSeconds: config.defaultPolicy.windowMs / 1000 },
    // The guard logged the refusal once; background work (outbox, usage) meets it every second until it is accepted.
    onError: (error) => error instanceof StoreRefusedError || logger.error({ err: error }, "unhandled error"),
    events: {
      allowPrivateTargets: config.webhookAllowPrivate, mailer, retrySchedule: config.webhookRetrySchedule,
      publicUrl: () => publicUrl, emailDelivered: config.smtpUrl !== undefined, ...options.events,
    },
  });
  const { app, server } = createNodeServer(core, {
    logger, maxBodyBytes: config.maxBodyBytes, trustProxy: config.trustProxy, keepAliveTimeoutMs: config.keepAliveTimeoutMs,
    mcpAllowedOrigins: config.mcpAllowedOrigins, publicUrl: () => publicUrl,
    metrics: config.metricsToken === undefined ? undefined : { token: config.metricsToken, metrics: await openMetrics(core, runner) },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(listenOptions(config.port, config.host), () => resolve());
  });
  if (runner instanceof DeferredRunner) startPoolSoon(runner, config);
  const { port } = server.address() as AddressInfo;
  publicUrl = toListeningUrl(config.publicUrl, port);
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  const close = async () => {
    await drain(server, config.shutdownTimeoutMs);
    guard.close();
    await core.close();
    await mailer.close();
  };
  return { url: `http://${host}:${port}`, server, app, core, container: core.services.container, storage, close };
}

/** Stops accepting and waits for in-flight requests; idle keep-alive sockets close at once. */
function drain(server: Server, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), timeoutMs);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/** The metrics for /metrics, prom-client loaded only then (it takes ≈ 150 ms to load); with the pool's counts when the runner keeps any. */
async function openMetrics(core: ToolCore, runner: ToolRunner): Promise<Metrics> {
  const { createMetrics } = await import("./metrics/metrics.ts");
  const stats = (runner as { stats?: () => PoolStats | undefined }).stats;
  // A worker of WORKERS answers a scrape with every worker's series, summed by the primary.
  const registry = cluster.isWorker ? new (await import("./workers/cluster-metrics.ts")).WorkerRegistry() : undefined;
  return createMetrics({ isTool: (id) => core.services.catalog.find(id) !== undefined, poolStats: typeof stats === "function" ? () => stats.call(runner) : undefined, registry });
}

/**
 * Whether any tool this server serves runs isolated (`worker: true`): the built-in catalog's do. Without one, the
 * pool's children would boot and warm every catalog library (≈ 4 s of CPU each) for tools nothing can call.
 */
export function servesIsolatedTools({ tools, packs = [] }: Pick<ServerOptions, "tools" | "packs">): boolean {
  if (tools === undefined) return true;
  return [...tools, ...packs.flatMap((pack) => pack.tools)].some((tool) => !tool.clientOnly && tool.worker === true);
}

/**
 * The tool runner of this process. TOOL_CONCURRENCY and TOOL_QUEUE_MAX size one pool per machine: under WORKERS the
 * primary holds it (serve.ts) and a worker sends its isolated calls there, so N workers add no tool processes.
 */
async function runnerFor(config: Config, logger: Logger, options: ServerOptions): Promise<ToolRunner> {
  if (!servesIsolatedTools(options)) return new InlineToolRunner();
  if (cluster.isWorker && config.workers > 1) return new (await import("./workers/shared-tool-pool.ts")).PrimaryToolRunner();
  return toolPool(logger, options, config.toolPool);
}

/**
 * The isolated pool production runs for the server's `tools` (the catalog's, unless given) and `packs`, its failures
 * logged; its children boot once the server listens (or, TOOL_WARM_UP=false, with the first isolated call).
 */
export async function toolPool(logger: Logger, { tools, packs = [] }: Pick<ServerOptions, "tools" | "packs">, capacity: Config["toolPool"]): Promise<DeferredRunner> {
  const { ProcessPoolToolRunner, poolModules } = await import("./tools/process-pool.ts");
  const modules = await poolModules(tools, packs);
  const onError = (error: Error) => logger.warn({ err: error }, "tool process failed");
  return new DeferredRunner(() => new ProcessPoolToolRunner({ ...capacity, modules, onError }));
}

/**
 * Forking a tool process stalls this event loop for tens of milliseconds: the first probes and requests are answered
 * first, then the pool boots (an isolated tool called earlier starts it at once). Without the warm-up
 * (TOOL_WARM_UP=false) nothing is prepared ahead: the first isolated call starts the pool.
 */
export function startPoolSoon(pool: DeferredRunner, config: Config): void {
  if (config.toolPool.warm) setTimeout(() => pool.start(), POOL_START_DELAY_MS).unref();
}
