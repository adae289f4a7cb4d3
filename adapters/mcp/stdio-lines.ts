import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { type JSONRPCMessage, JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import { type JsonRpcErrorMessage, screenMessages } from "./mcp-bounds.ts";

/** The SDK stdio transport's own buffer bound (STDIO_DEFAULT_MAX_BUFFER_SIZE), here a bound on one line. */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;

/**
 * MCP's stdio transport (newline-delimited JSON-RPC), answering what the SDK's transport drops or dies of: a line over
 * MAX_LINE_BYTES gets -32600 and is skipped (the SDK's transport closes, and the process ends with code 13), a line
 * that is not JSON -32700, and a batch -32600 — stdio MCP has had no batches since protocol 2025-06-18, and this
 * server speaks up to 2025-11-25. Each refusal is also said on stderr; serving goes on.
 */
export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private chunks: Buffer[] = [];
  private size = 0;
  private skipping = false;

  constructor(
    private readonly input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout,
    private readonly warn: (line: string) => void = (line) => void process.stderr.write(`${line}\n`),
  ) {}

  private readonly ondata = (chunk: Buffer) => {
    let rest = chunk;
    for (let at = rest.indexOf(0x0a); at !== -1; at = rest.indexOf(0x0a)) {
      this.take(rest.subarray(0, at));
      const line = Buffer.concat(this.chunks).toString("utf8").replace(/\r$/, "");
      const skipped = this.skipping;
      this.chunks = [];
      this.size = 0;
      this.skipping = false;
      rest = rest.subarray(at + 1);
      if (!skipped && line.trim() !== "") this.handle(line);
    }
    this.take(rest);
  };

  private take(part: Buffer): void {
    if (this.skipping || part.length === 0) return;
    if (this.size + part.length > MAX_LINE_BYTES) {
      this.chunks = [];
      this.size = 0;
      this.skipping = true;
      this.refuse(null, -32600, `Message over ${MAX_LINE_BYTES} bytes: refused and skipped to the next line.`);
      return;
    }
    this.chunks.push(part);
    this.size += part.length;
  }

  private handle(line: string): void {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return this.refuse(null, -32700, "Parse error: a line that is not JSON.");
    }
    if (Array.isArray(message)) return this.refuse(null, -32600, "Batches are not part of MCP over stdio (since protocol 2025-06-18): send one message a line.");
    const screened = screenMessages([message]);
    if (screened.answers.length > 0) return void this.write(screened.answers[0]!);
    const parsed = JSONRPCMessageSchema.safeParse(message);
    if (!parsed.success) {
      const id = (message as { id?: unknown } | null)?.id;
      return this.refuse(typeof id === "string" || typeof id === "number" ? id : null, -32600, "Invalid Request: not a JSON-RPC 2.0 message.");
    }
    this.onmessage?.(parsed.data);
  }

  private refuse(id: string | number | null, code: number, message: string): void {
    this.warn(`tool-api mcp: ${message}`);
    void this.write({ jsonrpc: "2.0", id, error: { code, message } });
  }

  private write(message: JSONRPCMessage | JsonRpcErrorMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once("drain", resolve);
    });
  }

  async start(): Promise<void> {
    this.input.on("data", this.ondata);
    this.input.on("error", this.onerrorEvent);
  }

  private readonly onerrorEvent = (error: Error) => this.onerror?.(error);

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(message);
  }

  async close(): Promise<void> {
    this.input.off("data", this.ondata);
    this.input.off("error", this.onerrorEvent);
    if (this.input.listenerCount("data") === 0) this.input.pause();
    this.chunks = [];
    this.onclose?.();
  }
}
