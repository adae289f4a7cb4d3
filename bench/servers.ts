import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, openSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const TSX_IMPORT = ["--import", "tsx"];

/** A server under test in its own process, so it never shares a core with the load generator's event loop. */
export interface BenchServer {
  readonly name: string;
  readonly url: string;
  readonly keys: { unlimited: string; spent: string } | undefined;
  rss(): Promise<number>;
  stop(): Promise<void>;
  /** Ends the process at once (the bench failed). */
  kill(): void;
}

/** Where the servers' request logs go during a run: a file, as a supervisor collecting stdout would write. */
export const LOG_DIR = mkdtempSync(join(tmpdir(), "bench-logs-"));

export async function startBenchServer(name: string, script: string, env: Record<string, string> = {}): Promise<BenchServer> {
  // Production settings: one JSON log line per request at `info`, stdout collected to a file.
  const log = openSync(join(LOG_DIR, `${name}.log`), "a");
  const child = fork(join(import.meta.dirname, script), [], {
    execArgv: TSX_IMPORT,
    env: { ...process.env, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", log, "inherit", "ipc"],
  });
  const ready = await nextMessage<{ url: string; keys?: BenchServer["keys"] }>(child, "ready");
  return {
    name,
    url: ready.url,
    keys: ready.keys,
    async rss() {
      child.send({ type: "rss" });
      return (await nextMessage<{ rss: number }>(child, "rss")).rss;
    },
    kill: () => child.kill("SIGKILL"),
    async stop() {
      child.send({ type: "stop" });
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

/** The project server on the embedded store, in a fresh temporary DATA_DIR. */
export function startEmbedded(): Promise<BenchServer> {
  return startBenchServer("embedded", "project-server.ts", { DATA_DIR: mkdtempSync(join(tmpdir(), "bench-")), RATE_LIMIT: "1000000000/86400s" });
}

/** The project server on Redis, under a prefix of its own. */
export function startRedis(redisUrl: string): Promise<BenchServer> {
  return startBenchServer("redis", "project-server.ts", { REDIS_URL: redisUrl, REDIS_PREFIX: `bench-${process.pid}-${Date.now()}:` });
}

function nextMessage<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type: string } & T) => {
      if (message.type !== type) return;
      child.off("message", onMessage);
      child.off("exit", onExit);
      resolve(message);
    };
    const onExit = (code: number) => reject(new Error(`bench server exited with ${code} before '${type}'`));
    child.on("message", onMessage);
    child.once("exit", onExit);
  });
}
