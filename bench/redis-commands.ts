// Redis commands per execute request, counted on a Redis the bench owns (a redis-server of its own on a free port,
// where the binary is installed) with MONITOR: each top-level command is one line; a command run inside a script is
// shown with a "lua" tag and is not a round trip, so it is left out (INFO commandstats would count an EVALSHA and every
// command inside it alike). Without redis-server, the shared Redis is monitored and only lines naming this run's
// key prefix are counted.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createConnection, type Socket } from "node:net";
import { load } from "./load.ts";
import { scenariosFor } from "./scenarios.ts";
import { untilSettled } from "./process-cpu.ts";
import { freePort, startProduction } from "./servers.ts";
import { redisEnv } from "./store-envs.ts";

export interface RedisCommandsReport {
  readonly requests: number;
  readonly commands: number;
  readonly perExecute: number;
  /** "own redis-server" or "shared Redis, this run's prefix". */
  readonly counted: string;
}

/** The most commands an execute may send (issue 41: one round trip, batching allowed to make it fewer). */
export const MAX_COMMANDS_PER_EXECUTE = 1;

export async function countRedisCommands(sharedUrl: string, requests: number, connections: number): Promise<RedisCommandsReport> {
  const own = spawnSync("redis-server", ["--version"]).status === 0 ? await startOwnRedis() : undefined;
  const url = own?.url ?? sharedUrl;
  const env = redisEnv(url);
  const server = await startProduction({ name: "redis (commands counted)", env });
  try {
    await untilSettled([server.pid]);
    const execute = scenariosFor(server).find((scenario) => scenario.describe().scenario === "execute hash-text");
    if (!execute) throw new Error("no execute scenario");
    await load(execute, connections, { amount: Math.min(requests, 2_000) }); // warm-up
    const monitor = await startMonitor(url, own ? undefined : env.REDIS_PREFIX);
    const measured = await load(execute, connections, { amount: requests });
    const commands = await monitor.stop();
    return { requests: measured.requests, commands, perExecute: commands / Math.max(1, measured.requests), counted: own ? "own redis-server" : "shared Redis, this run's prefix" };
  } finally {
    await server.stop();
    own?.stop();
  }
}

async function startOwnRedis(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const child: ChildProcess = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  const url = `redis://127.0.0.1:${port}`;
  for (let tries = 0; tries < 200; tries++) {
    if (await answers(port)) return { url, stop: () => child.kill("SIGTERM") };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  child.kill("SIGKILL");
  throw new Error("redis-server did not start");
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port }, () => (socket.end(), resolve(true)));
    socket.on("error", () => resolve(false));
  });
}

/** MONITOR on its own connection: counts top-level commands (those naming `prefix`, when given) until stopped. */
async function startMonitor(url: string, prefix: string | undefined): Promise<{ stop(): Promise<number> }> {
  const { hostname, port } = new URL(url);
  const socket: Socket = createConnection({ host: hostname, port: Number(port || 6379) });
  let buffered = "";
  let count = 0;
  let ready: () => void = () => {};
  const started = new Promise<void>((resolve) => (ready = resolve));
  socket.setEncoding("utf8");
  socket.on("data", (text: string) => {
    buffered += text;
    const lines = buffered.split("\r\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) {
      if (line === "+OK") ready();
      // "+1700000000.123456 [0 127.0.0.1:5555] "EVALSHA" …"; a script's own commands read "[0 lua]".
      else if (line.startsWith("+") && !/^\+\S+ \[\d+ lua\]/.test(line) && (prefix === undefined || line.includes(prefix))) count++;
    }
  });
  socket.write("MONITOR\r\n");
  await started;
  return {
    stop: () => new Promise((resolve) => {
      // The last replies of the load may still be in flight on the monitor connection.
      setTimeout(() => {
        socket.destroy();
        resolve(count);
      }, 200);
    }),
  };
}
