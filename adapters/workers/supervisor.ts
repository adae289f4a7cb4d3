import cluster, { type Worker } from "node:cluster";
import type { Logger } from "../logger.ts";

/** What a worker tells the primary once it listens. */
export interface ListeningMessage {
  readonly kind: "tool-api:listening";
  readonly url: string;
  readonly storage: string;
}

export function isListeningMessage(message: unknown): message is ListeningMessage {
  return typeof message === "object" && message !== null && (message as { kind?: unknown }).kind === "tool-api:listening";
}

export interface SupervisorOptions {
  readonly workers: number;
  readonly logger: Logger;
  /** How long a stop waits for the workers to drain before killing them (their own drain timeout, plus a margin). */
  readonly stopTimeoutMs: number;
  /**
   * Workers on sockets of their own (SO_REUSEPORT) asked for port 0 would each get another port: the first one listens,
   * and every later one (replacements too) is given its port.
   */
  readonly pinPort?: boolean;
  /** Called once every first worker listens, with the first one's report. */
  onListening(message: ListeningMessage): void;
}

/** The longest wait before replacing a worker that keeps dying: a crash loop costs little while the others serve. */
const MAX_RESTART_DELAY_MS = 30_000;

/**
 * The primary of `WORKERS=N`: forks N server processes sharing the port (each on a SO_REUSEPORT socket of its own
 * where the platform has it, else node:cluster hands each new connection to one in turn: listen-mode.ts) and keeps N
 * running. A worker that dies after it listened is replaced while the others serve; one that dies before every first
 * worker listened stops the start (a bad configuration or an unreachable store would only die again), with its exit
 * code. SIGTERM or SIGINT drains every worker (each stops accepting, finishes its
 * requests and closes its storage), then the primary exits: 0 when every worker stopped cleanly.
 */
export function superviseWorkers(options: SupervisorOptions): Promise<number> {
  const { logger } = options;
  let started = false;
  let stopping = false;
  let failures = 0;
  const listening = new Set<number>();
  let port: string | undefined;
  return new Promise((resolve) => {
    let result = 0;
    const stopAll = (signal: NodeJS.Signals | "start failed") => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal, workers: Object.keys(cluster.workers ?? {}).length }, "stopping workers");
      const force = setTimeout(() => {
        for (const worker of alive()) worker.process.kill("SIGKILL");
      }, options.stopTimeoutMs).unref();
      for (const worker of alive()) worker.process.kill("SIGTERM");
      const finish = () => {
        if (alive().length > 0) return;
        clearTimeout(force);
        resolve(result);
      };
      cluster.on("exit", finish);
      finish();
    };
    const fork = () => {
      const worker = cluster.fork(port === undefined ? undefined : { PORT: port });
      logger.info({ worker: worker.id, pid: worker.process.pid }, "worker started");
      worker.on("message", (message: unknown) => {
        if (!isListeningMessage(message)) return;
        listening.add(worker.id);
        failures = 0;
        logger.info({ worker: worker.id, pid: worker.process.pid }, "worker listening");
        if (options.pinPort && port === undefined) {
          port = new URL(message.url).port;
          for (let i = 1; i < options.workers; i++) fork();
        }
        if (!started && listening.size >= options.workers) {
          started = true;
          options.onListening(message);
        }
      });
      worker.once("exit", (code, signal) => {
        const listened = listening.delete(worker.id);
        if (stopping) {
          // A worker still starting has no handler yet: the SIGTERM of the stop ends it, which is a clean stop too.
          if (code !== 0 && signal !== "SIGTERM" && result === 0) result = code ?? 1;
          return;
        }
        if (!started && !listened) {
          logger.error({ worker: worker.id, pid: worker.process.pid, code, signal }, "a worker could not start: stopping");
          result = code || 1;
          stopAll("start failed");
          return;
        }
        // Replaced at once the first time, then after a growing pause while it keeps dying before it listens.
        const delayMs = Math.min(MAX_RESTART_DELAY_MS, failures === 0 ? 0 : 500 * 2 ** (failures - 1));
        failures += listened ? 0 : 1;
        logger.warn({ worker: worker.id, pid: worker.process.pid, code, signal, restartInMs: delayMs }, "worker exited: starting a replacement");
        setTimeout(() => !stopping && fork(), delayMs);
      });
    };
    process.once("SIGTERM", () => stopAll("SIGTERM"));
    process.once("SIGINT", () => stopAll("SIGINT"));
    for (let i = 0; i < (options.pinPort ? 1 : options.workers); i++) fork();
  });
}

function alive(): Worker[] {
  return Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined && !worker.isDead());
}
