import { ToolApiError, type ToolApiErrorInit } from "./errors.ts";
import { Redactor } from "./redact.ts";
import { readFailure, readSuccessData, requestIdOf } from "./reply-envelope.ts";
import { type RetryOptions, type RetryPolicy, backoffMs, MAX_TIMER_MS, retryDelayMs, retryPolicy, sleep } from "./retry.ts";
import { exchange, type Limits, type Reply, TransportFailure } from "./transport.ts";
import { listToolDefinitions } from "./callable-tools.ts";
import { runToolCallWith, type ToolCallFor, type ToolResultFor } from "./tool-calls.ts";
import type { ToolDefinitionFor, ToolFormat } from "./tool-definitions.ts";
import type { CallableTool, CurrentKey, ExecuteInput, ExecuteOutput, InputIssue, KeyUsageReport, OtherToolId, PackDetail, ToolDetail, ToolId, ToolSummary, UsageOptions } from "./types.ts";

export interface ToolClientOptions {
  /** The deployment's origin, e.g. `https://tools.example.com`; a URL already ending in `/api/v1` is accepted too. */
  readonly baseUrl: string;
  /** Defaults to the `TOOL_API_KEY` environment variable. */
  readonly apiKey?: string;
  readonly retry?: RetryOptions;
  /** The longest one request may take, from sending it to the answer's last byte (default 60000). */
  readonly timeoutMs?: number;
  /** The largest answer body read, in bytes (default 16 MiB). */
  readonly maxResponseBytes?: number;
  /** A fetch of your own (proxies, instrumentation, tests); defaults to the global one. */
  readonly fetch?: typeof fetch;
  /** A key in browser code is readable by anyone who opens the page: allowed only when you say so. */
  readonly dangerouslyAllowBrowser?: boolean;
}

export interface RequestOptions {
  /** Aborts the request and any wait between attempts; the call rejects with the signal's reason. */
  readonly signal?: AbortSignal;
}

/** The typed client of the tool-execution API: retries what may succeed later, and nothing else. */
export class ToolClient {
  // A private field: invisible to JSON.stringify, util.inspect and property enumeration.
  readonly #apiKey: string | undefined;
  readonly #base: string;
  readonly #fetch: typeof fetch;
  readonly #retry: RetryPolicy;
  readonly #limits: Limits;
  readonly #redactor: Redactor;

  constructor(options: ToolClientOptions) {
    if (isBrowser() && options.dangerouslyAllowBrowser !== true) {
      throw new Error("ToolClient refuses to run in a browser: an API key there is public. Call the API from your server, or pass dangerouslyAllowBrowser: true.");
    }
    this.#base = apiBase(options.baseUrl);
    this.#apiKey = options.apiKey ?? environmentKey();
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.#retry = retryPolicy(options.retry);
    this.#limits = limits(options);
    this.#redactor = new Redactor(this.#apiKey);
  }

  /**
   * Runs a server tool. For a catalog id `input` is checked against that tool's type and the promise resolves to its
   * typed output; any other id (a pack tool such as `example.reverse-text`) takes a JSON object and resolves to `unknown`.
   */
  async execute<Id extends ToolId | OtherToolId>(toolId: Id, input: ExecuteInput<Id>, options: RequestOptions = {}): Promise<ExecuteOutput<Id>> {
    const data = await this.#request<{ output: ExecuteOutput<Id> }>("POST", `/execute/${encodeURIComponent(toolId)}`, { input }, options.signal);
    return data.output;
  }

  /** `GET /tools`: every tool of the catalog. */
  async tools(options: RequestOptions = {}): Promise<ToolSummary[]> {
    return (await this.#request<{ tools: ToolSummary[] }>("GET", "/tools", undefined, options.signal)).tools;
  }

  /** `GET /tools/{id}`: one tool with its schemas and examples. */
  async tool(id: string, options: RequestOptions = {}): Promise<ToolDetail> {
    return (await this.#request<{ tool: ToolDetail }>("GET", `/tools/${encodeURIComponent(id)}`, undefined, options.signal)).tool;
  }

  /** `GET /keys/current`: the key this client sends (never its secret). */
  async currentKey(options: RequestOptions = {}): Promise<CurrentKey> {
    return (await this.#request<{ key: CurrentKey }>("GET", "/keys/current", undefined, options.signal)).key;
  }

  /**
   * `GET /keys/current/tools`: every tool this key may execute, by the server's own rule (core tools, the tools of
   * the packs its workspace enabled, of those what its scope names).
   */
  async callableTools(options: RequestOptions = {}): Promise<CallableTool[]> {
    return (await this.#request<{ tools: CallableTool[] }>("GET", "/keys/current/tools", undefined, options.signal)).tools;
  }

  /** `GET /marketplace/packs/{id}`: an installed tool pack, its tools with their schemas and examples. */
  async pack(id: string, options: RequestOptions = {}): Promise<PackDetail> {
    return (await this.#request<{ pack: PackDetail }>("GET", `/marketplace/packs/${encodeURIComponent(id)}`, undefined, options.signal)).pack;
  }

  /** `GET /usage`: this key's calls by outcome, per bucket and per tool, with p50/p95/p99 latency; see `retainedFrom`. */
  async usage(options: UsageOptions & RequestOptions = {}): Promise<KeyUsageReport> {
    const query = new URLSearchParams();
    for (const name of ["from", "to", "granularity", "tool"] as const) {
      const value = options[name];
      if (value !== undefined) query.set(name, value instanceof Date ? value.toISOString() : value);
    }
    const path = query.size > 0 ? `/usage?${query}` : "/usage";
    return (await this.#request<{ usage: KeyUsageReport }>("GET", path, undefined, options.signal)).usage;
  }

  /** The tools this key may call, as `format`'s tool definitions (README: "Tools for model APIs"). */
  async toolDefinitions<F extends ToolFormat>(format: F, options: { readonly tools?: readonly string[] } & RequestOptions = {}): Promise<ToolDefinitionFor<F>[]> {
    return listToolDefinitions(format, options.tools, {
      callable: () => this.callableTools(options), key: () => this.currentKey(options), catalog: () => this.tools(options), pack: (id) => this.pack(id, options),
    });
  }

  /** Runs a model's tool call in `format`'s shape and resolves to that API's result message; a tool's 4xx is a result. */
  async runToolCall<F extends ToolFormat>(format: F, call: ToolCallFor<F>, options: RequestOptions = {}): Promise<ToolResultFor<F>> {
    return runToolCallWith(format, call, (toolId, input) => this.execute(toolId, input, options));
  }

  /** One call: at most `maxAttempts` requests, waiting between them as `retryDelayMs` and `backoffMs` say. */
  async #request<T>(method: string, path: string, body: unknown, signal: AbortSignal | undefined): Promise<T> {
    const request = { url: this.#base + path, method, headers: this.#headers(body !== undefined), body: body === undefined ? undefined : JSON.stringify(body) };
    for (let attempt = 1; ; attempt++) {
      signal?.throwIfAborted();
      let reply: Reply;
      try {
        reply = await exchange(this.#fetch, request, this.#limits, signal);
      } catch (error) {
        if (!(error instanceof TransportFailure)) throw error;
        if (error.code !== "network_error" || attempt >= this.#retry.maxAttempts) throw this.#transportError(error, attempt);
        await sleep(backoffMs(attempt, this.#retry, Math.random), signal);
        continue;
      }
      if (reply.status >= 200 && reply.status < 300) return this.#data<T>(reply);
      const wait = retryDelayMs(reply.status, reply.headers, attempt, this.#retry, Math.random);
      // A wait past maxWaitMs is not slept: the caller hears at once, with retryAfterSeconds.
      if (wait === undefined || wait > this.#retry.maxWaitMs || attempt >= this.#retry.maxAttempts) throw this.#error(readFailure(reply));
      await sleep(wait, signal);
    }
  }

  #headers(hasBody: boolean): Record<string, string> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (hasBody) headers["content-type"] = "application/json";
    if (this.#apiKey !== undefined) headers["x-api-key"] = this.#apiKey;
    return headers;
  }

  #data<T>(reply: Reply): T {
    const data = readSuccessData(reply);
    if (data !== undefined) return data as T;
    throw this.#error({ status: reply.status, errorCode: "invalid_response", message: "The server answered without a success envelope.", requestId: requestIdOf(reply) });
  }

  #transportError(failure: TransportFailure, attempts: number): ToolApiError {
    const message = failure.code === "network_error" ? `No answer after ${attempts} attempts: ${failure.message}` : failure.message;
    return this.#error({ status: failure.status, errorCode: failure.code, message }, failure.cause);
  }

  /** The only way an error is built: every text, the details and the cause pass the key's redactor. */
  #error(init: ToolApiErrorInit, cause?: unknown): ToolApiError {
    const redact = this.#redactor;
    const scrubbed: ToolApiErrorInit = {
      ...init,
      errorCode: redact.text(init.errorCode),
      message: redact.text(init.message),
      details: init.details === undefined ? undefined : (redact.data(init.details) as InputIssue[]),
      requestId: init.requestId === undefined ? undefined : redact.text(init.requestId),
    };
    return cause === undefined ? new ToolApiError(scrubbed) : new ToolApiError(scrubbed, { cause: redact.cause(cause) });
  }
}

/** `https://host[/prefix]` → `https://host[/prefix]/api/v1`, leaving a URL that already ends there alone. */
function apiBase(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new TypeError("baseUrl must be an http(s) URL");
  const path = url.pathname.replace(/\/+$/, "");
  return url.origin + (path.endsWith("/api/v1") ? path : `${path}/api/v1`);
}

/** Bounds on what one request may cost, whatever the deployment sends. */
export const DEFAULT_LIMITS: Limits = { timeoutMs: 60_000, maxResponseBytes: 16 * 1024 * 1024 };

function limits(options: ToolClientOptions): Limits {
  const { timeoutMs = DEFAULT_LIMITS.timeoutMs, maxResponseBytes = DEFAULT_LIMITS.maxResponseBytes } = options;
  if (!(timeoutMs > 0 && timeoutMs <= MAX_TIMER_MS)) throw new RangeError(`timeoutMs must be a number from 1 to ${MAX_TIMER_MS}`);
  if (!(Number.isSafeInteger(maxResponseBytes) && maxResponseBytes > 0)) throw new RangeError("maxResponseBytes must be an integer ≥ 1");
  return { timeoutMs, maxResponseBytes };
}

function environmentKey(): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.TOOL_API_KEY || undefined;
}

function isBrowser(): boolean {
  return typeof (globalThis as { window?: unknown }).window !== "undefined" && typeof (globalThis as { document?: unknown }).document !== "undefined";
}
