// Behind a load balancer the server must outlive the balancer's idle timeout on a keep-alive connection: otherwise
// the balancer reuses a connection the server has just closed and the client sees a 502.
import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";
import { type RunningServer, startServer } from "../server.ts";
import { InlineToolRunner } from "../tools/inline-tool-runner.ts";

const running: RunningServer[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const server of running.splice(0)) await server.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string>): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), "keep-alive-"));
  dirs.push(dir);
  const config = loadConfig({ PORT: "0", DATA_DIR: dir, LOG_LEVEL: "silent", ...env });
  if (!config.ok) throw new Error(config.error.join("; "));
  const server = await startServer(config.value, { logger: createLogger("silent"), runner: new InlineToolRunner() });
  running.push(server);
  return server;
}

/** One raw HTTP/1.1 connection: send a health request, read one whole answer, and watch for the server's close. */
class RawConnection {
  private buffer = "";
  private waiting: (() => void) | undefined;
  readonly closed: Promise<void>;
  private readonly socket: Socket;

  constructor(url: string) {
    const { hostname, port } = new URL(url);
    this.socket = connect(Number(port), hostname);
    this.socket.setEncoding("utf8").on("data", (text: string) => {
      this.buffer += text;
      this.waiting?.();
    });
    this.closed = new Promise((resolve) => this.socket.once("close", () => resolve()));
    this.socket.on("error", () => {});
  }

  /** The status code of one GET /api/v1/health on this connection, or "closed" when the server had closed it. */
  async health(): Promise<number | "closed"> {
    if (this.socket.destroyed || this.socket.readableEnded) return "closed";
    this.buffer = "";
    this.socket.write("GET /api/v1/health HTTP/1.1\r\nHost: test\r\nConnection: keep-alive\r\n\r\n");
    const answered = new Promise<void>((resolve) => (this.waiting = () => this.isWhole() && resolve()));
    const outcome = await Promise.race([answered.then(() => "answered" as const), this.closed.then(() => "closed" as const)]);
    return outcome === "closed" && !this.isWhole() ? "closed" : Number(this.buffer.split(" ")[1]);
  }

  end(): void {
    this.socket.destroy();
  }

  private isWhole(): boolean {
    const split = this.buffer.indexOf("\r\n\r\n");
    const length = /\r\ncontent-length: *(\d+)/i.exec(this.buffer.slice(0, split))?.[1];
    return split >= 0 && length !== undefined && this.buffer.length >= split + 4 + Number(length);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("KEEP_ALIVE_TIMEOUT_MS", () => {
  it("defaults to 65000 ms and refuses a value that is not a whole number of milliseconds from 1 to 600000", () => {
    expect(loadConfig({})).toMatchObject({ ok: true, value: { keepAliveTimeoutMs: 65_000 } });
    expect(loadConfig({ KEEP_ALIVE_TIMEOUT_MS: "90000" })).toMatchObject({ ok: true, value: { keepAliveTimeoutMs: 90_000 } });
    for (const bad of ["0", "-1", "1.5", "65s", "600001"]) {
      const loaded = loadConfig({ KEEP_ALIVE_TIMEOUT_MS: bad });
      expect(loaded.ok).toBe(false);
      if (!loaded.ok) expect(loaded.error).toEqual([expect.stringMatching(/^KEEP_ALIVE_TIMEOUT_MS=.* is invalid: expected an integer from 1 to 600000$/)]);
    }
  });

  it("gives the listening server a 65 s keep-alive by default, its headers timeout above it and the request timeout no lower", async () => {
    const { server } = await start({});
    expect(server.keepAliveTimeout).toBe(65_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
    expect(server.requestTimeout).toBeGreaterThanOrEqual(server.headersTimeout);
  });

  // Node closes an idle connection 1 s after its keep-alive timeout (5 s by default): 7 s of idleness outlives that.
  it("keeps an idle keep-alive connection open past node's 5 s default, so a second request on it is answered", async () => {
    const server = await start({ KEEP_ALIVE_TIMEOUT_MS: "11000" });
    const connection = new RawConnection(server.url);
    try {
      expect(await connection.health()).toBe(200);
      await sleep(7_000);
      expect(await connection.health()).toBe(200);
    } finally {
      connection.end();
    }
  }, 30_000);

  it("closes an idle keep-alive connection once a small configured timeout passes", async () => {
    const server = await start({ KEEP_ALIVE_TIMEOUT_MS: "300" });
    const connection = new RawConnection(server.url);
    expect(await connection.health()).toBe(200);
    await connection.closed;
    expect(await connection.health()).toBe("closed");
  });
});
