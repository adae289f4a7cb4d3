import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { answersPing } from "./redis.ts";

/** A redis-server of one test alone, which the test may kill, stall and bring back on the same port. */
export interface PrivateRedis {
  readonly url: string;
  readonly port: number;
  /** Starts (again) on the same port and data directory; resolves once it answers PING. */
  start(): Promise<void>;
  /** SIGKILL: connections drop at once, nothing is saved beyond an explicit SAVE. */
  kill(): Promise<void>;
  /** SIGSTOP / SIGCONT: the socket stays open but nothing answers, as with a hung server. */
  pause(): void;
  resume(): void;
  /** Kills the server and removes its directory. */
  dispose(): Promise<void>;
}

/** True when `redis-server` is on PATH. */
export function hasRedisServer(): boolean {
  return spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;
}

/** `extraArgs` go to redis-server after the port, bind and persistence settings (e.g. cluster mode). */
export async function startPrivateRedis(extraArgs: readonly string[] = []): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "private-redis-"));
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const kill = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGCONT");
    running.kill("SIGKILL");
    await exited;
  };
  const start = async () => {
    if (child) throw new Error("private redis is already running");
    const args = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir, ...extraArgs];
    child = spawn("redis-server", args, { stdio: "ignore" });
    const deadline = Date.now() + 10_000;
    while (!(await answersPing(url, 200))) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`redis-server did not start on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await start();
  return {
    url,
    port,
    start,
    kill,
    pause: () => child?.kill("SIGSTOP"),
    resume: () => child?.kill("SIGCONT"),
    dispose: async () => {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}
