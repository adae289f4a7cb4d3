import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tools } from "../adapters/tools/index.ts";
import { ok } from "../domain/result.ts";
import type { AnyTool } from "../domain/tool.ts";
import { runConformance } from "./run-dredd.ts";
import { bootTarget, type Target } from "./target.ts";

const quiet = () => {};

describe("the conformance suite fails on a broken server", () => {
  it("flags exactly the transactions of a tool whose output is wrong", async () => {
    const broken: AnyTool[] = tools.map((tool) =>
      tool.id === "hash-text" && !tool.clientOnly ? { ...tool, run: () => ok({ algorithm: "sha256", digest: "0".repeat(64) }) } : tool,
    );
    const result = await runConformance({ serverTools: broken, log: quiet });
    const hashText = tools.find((tool) => tool.id === "hash-text");
    const examples = hashText && !hashText.clientOnly ? hashText.examples.length : 0;
    // Its own examples, plus the generic route and the alias, which run hash-text's first example.
    expect(result.failed).toBe(examples + 2);
    for (const failure of result.failures) {
      expect(failure.title).toMatch(/^(hash-text: |POST \/execute\/\{tool\}: example|POST \/tools\/\{slug\}\/execute: example)/);
      expect(failure.message).toContain("No enum match");
    }
    expect(result.passed).toBe(result.total - result.failed);
  }, 240_000);

  describe("with the success envelope's `data` renamed (through a proxy, so via --base-url)", () => {
    let target: Target;
    let proxy: Server;
    let proxyUrl: string;

    beforeAll(async () => {
      target = await bootTarget();
      proxy = renamingProxy(new URL(target.baseUrl));
      await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
      proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    }, 60_000);

    afterAll(async () => {
      await new Promise((resolve) => proxy?.close(resolve));
      await target?.close();
    });

    it("fails every success transaction and none of the error ones", async () => {
      const lines: string[] = [];
      const options = { baseUrl: proxyUrl, apiKey: target.apiKey, rateLimitedKey: target.rateLimitedKey, maxBodyBytes: target.maxBodyBytes };
      const result = await runConformance({ ...options, log: (line) => lines.push(line) });
      expect(result.failed).toBeGreaterThan(100);
      expect(result.failures.every((failure) => / → 20[01]$/.test(failure.title))).toBe(true);
      expect(lines.at(-1)).toMatch(/^conformance: \d+ passed, [1-9]\d* failed/);
      expect(lines.join("\n")).not.toContain(target.apiKey);
    }, 240_000);
  });
});

/** Forwards to `upstream`, renaming `data` to `result` in every success body. */
function renamingProxy(upstream: URL): Server {
  return createServer((incoming, outgoing) => {
    const forward = request(
      { host: upstream.hostname, port: upstream.port, path: incoming.url, method: incoming.method, headers: incoming.headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const body = Buffer.concat(chunks).toString("utf8").replace(/^\{"status":"success","code":(\d+),"data":/, '{"status":"success","code":$1,"result":');
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
