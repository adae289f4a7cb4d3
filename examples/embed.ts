/**
 * Embedding the core in your own node:http server, without the h3 adapter: the use cases are plain classes,
 * so any framework can call them. Run: `npx tsx examples/embed.ts` (prints a demo key and the URL).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { buildContainer, TOKENS } from "../adapters/container.ts";
import { openMemoryStorage } from "../adapters/storage/open-storage.ts";
import { CryptoSecretSource, SystemClock } from "../adapters/system.ts";
import { tools } from "../adapters/tools/index.ts";
import { InlineToolRunner } from "../adapters/tools/inline-tool-runner.ts";

/** Builds the core on in-memory storage and serves `POST /run/<tool>` with a plain node:http handler. */
export async function startEmbeddedServer(port = 0): Promise<{ server: Server; url: string; secret: string }> {
  const clock = new SystemClock();
  const storage = openMemoryStorage(clock);
  const container = buildContainer({
    keys: storage.keys, limits: storage.limits, audit: storage.audit, runner: new InlineToolRunner(), tools, clock,
    secrets: new CryptoSecretSource(), env: "development", defaultPolicy: { limit: 100, windowMs: 60_000 },
  });
  const authenticate = container.get(TOKENS.authenticateKey);
  const consume = container.get(TOKENS.consumeRateLimit);
  const execute = container.get(TOKENS.executeTool);

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const toolId = /^\/run\/([\w-]+)$/.exec(req.url ?? "")?.[1];
    if (req.method !== "POST" || !toolId) return reply(res, 404, { error: "not found" });
    const auth = await authenticate.execute({ secret: req.headers["x-api-key"] as string | undefined });
    if (!auth.ok) return reply(res, 401, { error: auth.error.code });
    const decision = await consume.execute({ key: auth.value });
    if (!decision.allowed) return reply(res, 429, { error: "rate_limited", retryInSeconds: decision.resetSeconds });
    let input: unknown;
    try {
      input = JSON.parse(await readBody(req));
    } catch {
      return reply(res, 400, { error: "invalid_json" });
    }
    const result = await execute.execute({ toolId, input: (input ?? {}) as Record<string, unknown> });
    return result.ok ? reply(res, 200, result.value.output) : reply(res, 422, { error: result.error.code, message: result.error.message });
  };

  const server = createServer((req, res) => void handle(req, res).catch(() => reply(res, 500, { error: "internal" })));
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const created = await container.get(TOKENS.createKey).execute({ name: "embedded-demo", env: "development" });
  if (!created.ok) throw new Error(created.error.message);
  const { port: bound } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${bound}`, secret: created.value.secret };
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 1_048_576) throw new Error("too large");
  }
  return body;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { url, secret } = await startEmbeddedServer(Number(process.env.PORT ?? 0));
  console.log(`Embedded core on ${url}\ncurl -s -X POST ${url}/run/hash-text -H 'x-api-key: ${secret}' -d '{"algorithm":"sha256","text":"hi"}'`);
}
