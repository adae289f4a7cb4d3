import { createServer, type Server, type Socket, connect } from "node:net";

/** A TCP proxy in front of the database that a test can cut, stall and restore, as a network or a hung server would. */
export interface TcpProxy {
  readonly port: number;
  /** Drops every connection and refuses new ones (accepted, then reset at once). */
  cut(): void;
  /** Keeps connections open but passes nothing either way, as a hung server does. */
  stall(): void;
  /** Passes traffic again (connections dropped while cut stay dropped). */
  restore(): void;
  close(): Promise<void>;
}

type Mode = "open" | "cut" | "stalled";

/** Listens on 127.0.0.1 (a free port) and forwards each connection to `targetPort`. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  let mode: Mode = "open";
  const pairs = new Set<[Socket, Socket]>();
  const server: Server = createServer((client) => {
    if (mode === "cut") return void client.destroy();
    const upstream = connect(targetPort, "127.0.0.1");
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    if (mode === "stalled") pause(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    cut: () => {
      mode = "cut";
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
    },
    stall: () => {
      mode = "stalled";
      for (const pair of pairs) pause(pair);
    },
    restore: () => {
      mode = "open";
      for (const [client, upstream] of pairs) {
        client.pipe(upstream);
        upstream.pipe(client);
      }
    },
    close: async () => {
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Unpiped and paused: what arrives waits in the socket buffers until restore() pipes it again. */
function pause([client, upstream]: [Socket, Socket]): void {
  client.unpipe(upstream);
  upstream.unpipe(client);
  client.pause();
  upstream.pause();
}
