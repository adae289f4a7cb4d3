import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { createMcpServer, type McpToolbox } from "./mcp-server.ts";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A real MCP client and server over the SDK's in-memory transport pair. */
async function connect(toolbox: McpToolbox): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = createMcpServer(toolbox);
  const client = new Client({ name: "test", version: "1.0.0" });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  closers.push(() => client.close(), () => server.close());
  return client;
}

describe("tools/call and its client's cancellation", () => {
  it("hands the toolbox a signal that aborts when the client cancels the call", async () => {
    let seen: AbortSignal | undefined;
    let onAbort = () => {};
    let onCall = () => {};
    const aborted = new Promise<void>((resolve) => (onAbort = resolve));
    const called = new Promise<void>((resolve) => (onCall = resolve));
    const client = await connect({
      list: async () => [],
      call: (_name, _args, signal) => {
        seen = signal;
        signal?.addEventListener("abort", onAbort, { once: true });
        onCall();
        return new Promise<CallToolResult>(() => {});
      },
    });
    const cancel = new AbortController();
    const call = client.callTool({ name: "hash-text", arguments: {} }, undefined, { signal: cancel.signal }).catch((error: unknown) => error);
    await called;
    expect(seen?.aborted).toBe(false);
    cancel.abort();
    await aborted;
    expect(seen?.aborted).toBe(true);
    expect(await call).toBeInstanceOf(Error);
  });
});
