import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { H3 } from "h3";
import { toNodeHandler } from "h3";
import type { ToolRunner } from "../application/ports.ts";
import type { AnyTool } from "../domain/tool.ts";
import type { Config } from "./config.ts";
import { buildContainer, resolveAccountDeps, TOKENS } from "./container.ts";
import { createApp } from "./http/app.ts";
import { createLogger, type Logger } from "./logger.ts";
import { openStorage, type Storage } from "./storage/open-storage.ts";
import { CryptoSecretSource, SystemClock } from "./system.ts";
import { tools as catalogTools } from "./tools/index.ts";
import { PiscinaToolRunner } from "./tools/worker-pool.ts";

/** A listening server and what it holds open. */
export interface RunningServer {
  readonly url: string;
  readonly server: Server;
  readonly app: H3;
  readonly container: ReturnType<typeof buildContainer>;
  readonly storage: Storage;
  /** Stops accepting, lets in-flight requests finish (up to the shutdown timeout), then closes storage. */
  close(): Promise<void>;
}

export interface ServerOptions {
  readonly logger?: Logger;
  readonly tools?: readonly AnyTool[];
  readonly runner?: ToolRunner & { close?(): Promise<void> };
}

/** Opens storage, wires the core and serves it over node:http. */
export async function startServer(config: Config, options: ServerOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const clock = new SystemClock();
  const storage = await openStorage(config, clock, logger);
  const runner: ToolRunner & { close?(): Promise<void> } = options.runner ??
    new PiscinaToolRunner({ onError: (error) => logger.warn({ err: error }, "tool worker failed while idle") });
  const container = buildContainer({
    keys: storage.keys,
    limits: storage.limits,
    audit: storage.audit,
    runner,
    tools: options.tools ?? catalogTools,
    clock,
    secrets: new CryptoSecretSource(),
    env: config.appEnv,
    defaultPolicy: config.defaultPolicy,
    keyv: storage.keyv,
  });
  const app = createApp({
    authenticateKey: container.get(TOKENS.authenticateKey),
    consumeRateLimit: container.get(TOKENS.consumeRateLimit),
    executeTool: container.get(TOKENS.executeTool),
    catalog: container.get(TOKENS.toolCatalog),
    keys: storage.keys,
    logger,
    maxBodyBytes: config.maxBodyBytes,
    accounts: resolveAccountDeps(container, { env: config.appEnv, defaultPolicy: config.defaultPolicy }),
  });
  const server = createServer(
    // A client that trickles its headers or body cannot hold a connection for long.
    { headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000 },
    toNodeHandler(app),
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  const close = async () => {
    await drain(server, config.shutdownTimeoutMs);
    await runner.close?.();
    await storage.close();
  };
  return { url: `http://${host}:${port}`, server, app, container, storage, close };
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
