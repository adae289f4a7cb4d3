/**
 * Embedding the core in a plain node:http server, no h3: the core answers the whole contract (auth, rate limit,
 * validation, envelope, headers), so this server answers exactly what the reference server answers.
 * Run: `node --import tsx examples/embed.ts` (prints a demo key and the URL).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type Answer, createToolCore, errorAnswer, storageUnavailableAnswer, StorageUnavailableError, type ToolCore } from "tool-execution-api";

const MAX_BODY_BYTES = 1_048_576;

/** Serves `POST /api/v1/execute/<tool>` from a core on in-memory storage. */
export async function startEmbeddedServer(port = 0): Promise<{ server: Server; url: string; secret: string; core: ToolCore }> {
  const core = await createToolCore({ defaultLimit: { limit: 100, windowSeconds: 60 } });
  const server = createServer((req, res) => {
    // A caller that leaves aborts its call: a worker tool's call still queued is then dropped unstarted.
    const caller = new AbortController();
    res.once("close", () => caller.abort());
    answerRequest(core, req, caller.signal).then((answer) => write(res, answer), () => write(res, errorAnswer({ code: "internal_error", message: "An internal error occurred." })));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  server.once("close", () => void core.close());
  const { secret } = await core.keys.create({ name: "embedded-demo" });
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, secret, core };
}

async function answerRequest(core: ToolCore, req: IncomingMessage, signal: AbortSignal): Promise<Answer> {
  const toolId = /^\/api\/v1\/execute\/([^/?]+)$/.exec(req.url ?? "")?.[1];
  if (req.method !== "POST" || !toolId) return errorAnswer({ code: "not_found", message: "No route matches this path." });
  try {
    // Auth and the rate limit first: a request without a valid key never has its body read.
    const authorized = await core.authorize(header(req, "x-api-key") ?? bearer(header(req, "authorization")));
    if (!authorized.ok) return authorized.answer;
    const body = await readJson(req);
    if ("code" in body) return errorAnswer(body, authorized.call.headers);
    return await core.run(authorized.call, decodeURIComponent(toolId), body.value?.input, signal);
  } catch (error) {
    if (error instanceof StorageUnavailableError) return storageUnavailableAnswer();
    throw error;
  }
}

async function readJson(req: IncomingMessage): Promise<{ value: { input?: unknown } | null } | { code: "invalid_json" | "payload_too_large"; message: string }> {
  let body = "";
  for await (const chunk of req) {
    body += chunk;
    if (body.length > MAX_BODY_BYTES) return { code: "payload_too_large", message: `The request body is larger than ${MAX_BODY_BYTES} bytes.` };
  }
  try {
    return { value: JSON.parse(body) };
  } catch (error) {
    return { code: "invalid_json", message: `The request body is not valid JSON: ${(error as Error).message}` };
  }
}

function write(res: ServerResponse, answer: Answer): void {
  res.writeHead(answer.status, { ...answer.headers, "content-type": "application/json" }).end(JSON.stringify(answer.body));
}

const header = (req: IncomingMessage, name: string) => (typeof req.headers[name] === "string" ? (req.headers[name] as string) : undefined);
const bearer = (value: string | undefined) => (value?.startsWith("Bearer ") ? value.slice(7) : undefined);

if (import.meta.url === `file://${process.argv[1]}`) {
  const { url, secret } = await startEmbeddedServer(Number(process.env.PORT ?? 0));
  console.log(`Embedded core on ${url}\ncurl -s ${url}/api/v1/execute/hash-text -H 'x-api-key: ${secret}' -d '{"input":{"algorithm":"sha256","text":"hi"}}'`);
}
