import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tools } from "../adapters/tools/index.ts";
import { ok } from "../domain/result.ts";
import type { AnyTool } from "../domain/tool.ts";
import { runConformance } from "./run-dredd.ts";
import { bootTarget, type Target } from "./target.ts";

/**
 * One run against a server with two defects, so both are proven for the price of one suite run: hash-text returns
 * a wrong digest (its example transactions must fail) and a proxy in front renames the error envelope's
 * `error_code` (every error transaction must fail). Every other success transaction must still pass.
 */
describe("the conformance suite fails on a broken server", () => {
  let target: Target;
  let proxy: Server;
  let proxyUrl: string;

  beforeAll(async () => {
    const broken: AnyTool[] = tools.map((tool) =>
      tool.id === "hash-text" && !tool.clientOnly ? { ...tool, run: () => ok({ algorithm: "sha256", digest: "0".repeat(64) }) } : tool,
    );
    target = await bootTarget({ tools: broken });
    proxy = renamingProxy(new URL(target.baseUrl));
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  }, 60_000);

  afterAll(async () => {
    await new Promise((resolve) => proxy?.close(resolve));
    await target?.close();
  });

  it("flags the wrong tool output and every renamed error envelope, and nothing else", async () => {
    const lines: string[] = [];
    const options = { baseUrl: proxyUrl, apiKey: target.apiKey, rateLimitedKey: target.rateLimitedKey, maxBodyBytes: target.maxBodyBytes };
    const result = await runConformance({ ...options, log: (line) => lines.push(line) });
    const hashText = tools.find((tool) => tool.id === "hash-text");
    const examples = hashText && !hashText.clientOnly ? hashText.examples.length : 0;
    const wrongOutput = result.failures.filter((failure) => / → 200$/.test(failure.title));
    const wrongEnvelope = result.failures.filter((failure) => / → [45]\d\d$/.test(failure.title));
    // hash-text's own examples, plus the generic route and the alias, which run its first example.
    expect(wrongOutput).toHaveLength(examples + 2);
    for (const failure of wrongOutput) {
      expect(failure.title).toMatch(/^(hash-text: |POST \/execute\/\{tool\}: example|POST \/tools\/\{slug\}\/execute: example)/);
      expect(failure.message).toContain("No enum match");
    }
    expect(wrongEnvelope.length).toBeGreaterThan(100);
    for (const failure of wrongEnvelope) expect(failure.message).toContain("error_code");
    expect(result.failed).toBe(wrongOutput.length + wrongEnvelope.length);
    expect(lines.at(-1)).toMatch(/^conformance: \d+ passed, [1-9]\d* failed/);
    expect(lines.join("\n")).not.toContain(target.apiKey);
  }, 240_000);
});

/** Forwards to `upstream`, renaming `error_code` to `errorCode` in every error body. */
function renamingProxy(upstream: URL): Server {
  return createServer((incoming, outgoing) => {
    const forward = request(
      { host: upstream.hostname, port: upstream.port, path: incoming.url, method: incoming.method, headers: incoming.headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const body = Buffer.concat(chunks).toString("utf8").replace(/^(\{"status":"error","code":\d+,)"error_code":/, '$1"errorCode":');
          const headers = { ...answer.headers, "content-length": String(Buffer.byteLength(body)) };
          delete headers["transfer-encoding"];
          outgoing.writeHead(answer.statusCode ?? 502, headers).end(body);
        });
      },
    );
    forward.on("error", () => outgoing.writeHead(502).end());
    incoming.pipe(forward);
  });
}
