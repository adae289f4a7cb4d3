import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One answer as it passes through the proxy; a mutant may change any part of it. */
export interface ProxiedAnswer {
  status: number;
  headers: Headers;
  body: string;
}

/** What the client asked, for mutants that react to it. */
export interface ProxiedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** One fault: a rewrite of the answers, of the served document, or both. */
export interface Mutant {
  readonly name: string;
  readonly answer?: (answer: ProxiedAnswer, request: ProxiedRequest) => void;
  readonly document?: (document: Record<string, any>) => void;
}

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "host", "content-length", "proxy-connection"]);
const DOCUMENT = "/api/v1/openapi.json";

/**
 * A reverse proxy on 127.0.0.1 in front of a real server, applying the current mutant to what passes through.
 * It stands for a deployment that differs from the faithful one in exactly one way.
 */
export async function startMutatingProxy(upstream: string): Promise<{ url: string; use(mutant: Mutant | undefined): void; close(): Promise<void> }> {
  let current: Mutant | undefined;
  const server: Server = createServer((incoming, outgoing) => {
    forward(upstream, incoming, current).then(
      ({ status, headers, body }) => {
        const plain: Record<string, string | string[]> = {};
        headers.forEach((value, name) => {
          if (!HOP_BY_HOP.has(name) && name !== "set-cookie") plain[name] = value;
        });
        const cookies = headers.getSetCookie();
        if (cookies.length > 0) plain["set-cookie"] = cookies;
        outgoing.writeHead(status, { ...plain, "content-length": String(Buffer.byteLength(body)) }).end(body);
      },
      () => outgoing.writeHead(502).end(),
    );
  });
  // Idle connections kept as long as the reference server keeps them (KEEP_ALIVE_TIMEOUT_MS, 65 s), not node's 5 s: on a
  // loaded machine the suite's client reused one just as the proxy closed it, and lost a POST the deployment never saw.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    use: (mutant) => {
      current = mutant;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function forward(upstream: string, incoming: IncomingMessage, mutant: Mutant | undefined): Promise<ProxiedAnswer> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (!HOP_BY_HOP.has(name) && value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const method = incoming.method ?? "GET";
  const response = await fetch(`${upstream}${incoming.url}`, { method, headers, body: chunks.length > 0 ? Buffer.concat(chunks) : undefined, redirect: "manual" });
  const answer: ProxiedAnswer = { status: response.status, headers: new Headers(response.headers), body: await response.text() };
  const path = new URL(incoming.url ?? "/", "http://proxy.invalid").pathname;
  if (mutant?.document && path === DOCUMENT && answer.status === 200) {
    const document = JSON.parse(answer.body) as Record<string, any>;
    mutant.document(document);
    answer.body = JSON.stringify(document);
  }
  mutant?.answer?.(answer, { method, path, headers: incoming.headers });
  return answer;
}
