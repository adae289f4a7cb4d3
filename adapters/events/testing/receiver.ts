import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request a receiver got. */
export interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly status: number;
}

/** A webhook receiver on 127.0.0.1: answers each request with the next status of `statuses` (the last one repeats). */
export interface Receiver {
  readonly url: string;
  readonly received: Received[];
  /** Changes what the next requests are answered (and their extra headers). */
  answer(statuses: readonly number[], headers?: Record<string, string>): void;
  close(): Promise<void>;
}

export async function startReceiver(statuses: readonly number[] = [200], path = "/hook", port = 0): Promise<Receiver> {
  let plan = [...statuses];
  let extra: Record<string, string> = {};
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const status = plan.length > 1 ? (plan.shift() as number) : plan[0];
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), status });
      response.writeHead(status, { "content-type": "text/plain", ...extra }).end("ok");
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}${path}`,
    received,
    answer: (next, headers = {}) => {
      plan = [...next];
      extra = headers;
    },
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
