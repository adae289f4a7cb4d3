// How N processes best share one port: node:cluster (the primary accepts each connection and hands it to a worker in
// turn) or `reusePort` (each process has its own listening socket and the kernel spreads connections; Node ≥ 22.12).
// Two processes serve a fixed JSON in each mode; measured from a load generator in this process: req/s and the CPU of
// the whole server group per request, with keep-alive connections and with one connection per request.
// Run under the node to measure: `node --import tsx bench/listen-modes.ts`.
import cluster from "node:cluster";
import { type ChildProcess, fork } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import autocannon from "autocannon";

const PROCESSES = 2;
const SECONDS = Number(process.env.LISTEN_MODE_SECONDS ?? 4);
const BODY = JSON.stringify({ status: "success", code: 200, data: { output: { ok: true } } });
type Mode = "cluster" | "reusePort";

/** A server process: listens, then says so to whoever started it. */
function serve(port: number, reusePort: boolean): void {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(BODY) });
    res.end(BODY);
  });
  server.once("error", (error) => {
    console.error(`${reusePort ? "reusePort" : "cluster"}: ${error.message}`);
    process.exit(1);
  });
  server.listen({ port, host: "127.0.0.1", reusePort }, () => process.send?.("listening"));
}

/** The group's root: a cluster primary with its workers, or (reusePort) a parent of independent listeners. */
async function group(mode: Mode, port: number): Promise<void> {
  const env = { ...process.env, LISTEN_ROLE: "server", LISTEN_MODE: mode, LISTEN_PORT: String(port) };
  const children = Array.from({ length: PROCESSES }, () => (mode === "cluster" ? cluster.fork(env).process : fork(process.argv[1], { env, execArgv: process.execArgv })));
  await Promise.all(children.map((child) => new Promise((resolve) => child.once("message", resolve))));
  process.send?.({ pids: [process.pid, ...children.map((child) => child.pid)] });
}

/** utime + stime of the processes, in µs (clock ticks of 10 ms). */
function cpuUs(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return sum + (Number(fields[11]) + Number(fields[12])) * 10_000;
  }, 0);
}

async function measure(mode: Mode, port: number, keepAlive: boolean): Promise<string> {
  const root: ChildProcess = fork(process.argv[1], { env: { ...process.env, LISTEN_ROLE: "group", LISTEN_MODE: mode, LISTEN_PORT: String(port) }, execArgv: process.execArgv });
  const { pids } = await new Promise<{ pids: number[] }>((resolve) => root.once("message", resolve as (message: unknown) => void));
  const run = (duration: number) => autocannon({ url: `http://127.0.0.1:${port}/`, connections: 16, duration, headers: keepAlive ? {} : { connection: "close" } });
  try {
    await run(1);
    const before = cpuUs(pids);
    const result = await run(SECONDS);
    const requests = result.requests.total;
    return `${mode.padEnd(9)}  ${keepAlive ? "keep-alive" : "close     "}  ${String(Math.round(requests / SECONDS)).padStart(6)} req/s  ${((cpuUs(pids) - before) / requests).toFixed(1)} µs CPU/req`;
  } finally {
    for (const pid of pids.slice(1)) process.kill(pid, "SIGKILL");
    root.kill("SIGKILL");
  }
}

const role = process.env.LISTEN_ROLE;
if (role === "server") serve(Number(process.env.LISTEN_PORT), process.env.LISTEN_MODE === "reusePort");
else if (role === "group") await group(process.env.LISTEN_MODE as Mode, Number(process.env.LISTEN_PORT));
else {
  console.log(`node ${process.version}: ${PROCESSES} server processes on one port, ${SECONDS} s a run, 16 connections`);
  // reusePort came in Node 22.12 and 23.1: on older Node the second listener would only fail with EADDRINUSE.
  const [major, minor] = process.versions.node.split(".").map(Number);
  const modes: Mode[] = major > 22 || (major === 22 && minor >= 12) ? ["cluster", "reusePort"] : ["cluster"];
  if (modes.length === 1) console.log("reusePort: not in this Node (22.12 or newer)");
  let port = 41_000 + Math.floor(Math.random() * 10_000);
  for (const keepAlive of [true, false]) {
    for (const mode of modes) {
      console.log(await measure(mode, port++, keepAlive).catch((error: Error) => `${mode}: ${error.message}`));
    }
  }
}
