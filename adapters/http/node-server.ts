import { createServer, type RequestListener, type Server } from "node:http";
import type { H3 } from "h3";
import { toNodeHandler } from "srvx/node";
import { TOKENS } from "../container.ts";
import type { ToolCore } from "../core/create-tool-core.ts";
import { answerInBatches } from "./answer-batching.ts";
import { type AppOptions, buildApp } from "./app.ts";
import { continueCheck } from "./continue-check.ts";
import { DEFAULT_MAX_BODY_BYTES } from "./request-body.ts";
import { DEFAULT_KEEP_ALIVE_TIMEOUT_MS, toServerTimeouts } from "./timeouts.ts";
import { installClientErrorEnvelope, installExpectContinue, wireResponseClass } from "./wire.ts";

/** createApp's options, plus how long an idle keep-alive connection stays open (KEEP_ALIVE_TIMEOUT_MS). */
export interface NodeServerOptions extends AppOptions {
  readonly keepAliveTimeoutMs?: number;
}

/**
 * The reference app for a core on a node:http server, with the wire rules the reference server keeps: every status
 * line has its reason phrase; an answer given before the body is read (401, 413, 415, 429…) never leaves a keep-alive
 * connection that hangs or resets; requests node cannot parse get the JSON envelope; `Expect: 100-continue` is
 * answered only for a body that will be read; the answers of one event-loop turn leave together; slow clients time
 * out; idle keep-alive connections outlive a load balancer's (`keepAliveTimeoutMs`, default 65 s). The server is
 * returned unstarted: `server.listen(port)`.
 */
export function createNodeServer(core: ToolCore, options: NodeServerOptions = {}): { app: H3; server: Server } {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const { app, leanExecute } = buildApp(core, options);
  // srvx types its handler for HTTP/1 and HTTP/2 at once; this server is HTTP/1.
  const viaH3 = toNodeHandler(answerInBatches(app.fetch)) as RequestListener;
  const server = createServer(
    // A client that trickles its headers or body cannot hold a connection for long.
    { ...toServerTimeouts(options.keepAliveTimeoutMs ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS), ServerResponse: wireResponseClass(maxBodyBytes) },
    // Execute calls on node:http's own objects (lean-execute.ts); every other request through h3.
    (req, res) => {
      if (!leanExecute(req, res)) viaH3(req, res);
    },
  );
  installClientErrorEnvelope(server);
  const authenticateKey = core.services.container.get(TOKENS.authenticateKey);
  installExpectContinue(server, continueCheck({ authenticateKey, maxBodyBytes }));
  return { app, server };
}
