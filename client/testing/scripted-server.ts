import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One canned answer: status, headers and a JSON body. */
export interface Answer {
  readonly status: number;
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
}

/** What the server saw of one request. */
export interface Seen {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly at: number;
}

export interface ScriptedServer {
  readonly url: string;
  readonly seen: Seen[];
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 that answers requests in order from `script` (the last answer repeats),
 * or hands them to `fallback` once the script is spent: enough to stage 503s, 429s and envelopes exactly.
 */
export async function startScriptedServer(script: readonly Answer[], fallback?: (seen: Seen) => Promise<Answer>): Promise<ScriptedServer> {
  const seen: Seen[] = [];
  const server: Server = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const request: Seen = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body, at: Date.now() };
    seen.push(request);
    const index = seen.length - 1;
    const answer = index < script.length || !fallback ? script[Math.min(index, script.length - 1)] : await fallback(request);
    res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
    res.end(answer.body === undefined ? "" : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** A success envelope as the API sends it. */
export const success = (data: unknown): Answer => ({ status: 200, headers: { "x-request-id": "req-ok" }, body: { status: "success", code: 200, data } });

/** An error envelope as the API sends it. */
export function failure(status: number, errorCode: string, extra: { headers?: Record<string, string>; details?: unknown } = {}): Answer {
  const body = { status: "error", code: status, error_code: errorCode, message: `${errorCode} happened`, ...(extra.details ? { details: extra.details } : {}) };
  return { status, headers: { "x-request-id": `req-${status}`, ...extra.headers }, body };
}
