import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Seen } from "./scripted-server.ts";

/** How a hostile deployment answers one request it has already read in full. */
export type Behaviour = (request: Seen, res: ServerResponse) => void;

export interface HostileServer {
  readonly url: string;
  readonly seen: Seen[];
  /** Bytes of answer body written so far, over every request. */
  readonly written: () => number;
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 that plays a deployment the client must not trust: it redirects elsewhere,
 * answers without end, trickles, or echoes the key back. Every request it got is kept in `seen`.
 */
export async function startHostileServer(behaviour: Behaviour): Promise<HostileServer> {
  const seen: Seen[] = [];
  let written = 0;
  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const request: Seen = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body, at: Date.now() };
    seen.push(request);
    const write = res.write.bind(res);
    res.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
      written += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.byteLength;
      return write(chunk, ...rest);
    }) as typeof res.write;
    behaviour(request, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    written: () => written,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** Answers every request with `status` and a Location on `target` (a URL on another origin, or a path). */
export const redirectTo = (target: (request: Seen) => string, status = 307): Behaviour => (request, res) => {
  res.writeHead(status, { location: target(request), "content-type": "application/json" });
  res.end(JSON.stringify({ status: "success", code: 200, data: { output: "from the redirecting host" } }));
};

/**
 * An answer whose body never ends as far as any sane client is concerned: 64 KiB chunks, honouring backpressure,
 * up to `ceiling` bytes (a safety stop so a client that reads it all cannot exhaust this machine).
 */
export const endlessBody = (status = 200, ceiling = 256 * 1024 * 1024): Behaviour => (_request, res) => {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  res.writeHead(status, { "content-type": "application/json" });
  res.write('{"status":"success","code":200,"data":{"output":"');
  let sent = 0;
  const pump = () => {
    while (sent < ceiling && !res.destroyed) {
      sent += chunk.byteLength;
      if (!res.write(chunk)) return void res.once("drain", pump);
    }
    res.end('"}}');
  };
  pump();
};

/** Sends its headers, then one byte of body every `everyMs`, never finishing while the client listens. */
export const trickleBody = (everyMs = 200): Behaviour => (_request, res) => {
  res.writeHead(200, { "content-type": "application/json" });
  const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(" ")), everyMs);
  res.on("close", () => clearInterval(timer));
};

/** Reads the request and never answers it: no status line, no headers. */
export const silence = (): Behaviour => () => {};

/** Answers `status` with `headers`, and an error envelope built from what the request sent (e.g. its key). */
export const echoing = (status: number, build: (request: Seen) => { headers: Record<string, string>; body: unknown }): Behaviour => (request, res) => {
  const { headers, body } = build(request);
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};
