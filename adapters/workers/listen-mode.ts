import cluster from "node:cluster";
import type { ListenOptions } from "node:net";

/**
 * Whether a worker listens on a socket of its own with SO_REUSEPORT (Node 22.12+ and 23.1+, on Linux and FreeBSD:
 * elsewhere the option throws), the kernel spreading connections across the workers, rather than on node:cluster's
 * handle shared through the primary, which accepts every connection and passes it on. Measured with
 * bench/listen-modes.ts on Node 24 (two processes, a fixed answer, 16 connections): keep-alive 31.6 against 34.6 µs of
 * the group's CPU a request (18.1k against 16.6k req/s); a new connection each request 154 against 389 µs (3.1k
 * against 1.7k req/s).
 */
export function hasReusePort(version = process.versions.node, platform = process.platform): boolean {
  const [major, minor] = version.split(".").map(Number);
  const supported = major > 23 || (major === 23 && minor >= 1) || (major === 22 && minor >= 12);
  return supported && (platform === "linux" || platform === "freebsd");
}

/** Where and how this process listens: a worker of WORKERS on its own SO_REUSEPORT socket where the platform has it. */
export function listenOptions(port: number, host: string): ListenOptions {
  const own = cluster.isWorker && hasReusePort();
  return own ? { port, host, exclusive: true, reusePort: true } as ListenOptions : { port, host };
}
