import { ToolApiError } from "./errors.ts";
import { type RetryOptions, type RetryPolicy, backoffMs, retryDelayMs, retryPolicy, sleep } from "./retry.ts";
import type { CurrentKey, InputIssue, ToolDetail, ToolId, ToolInput, ToolOutput, ToolSummary } from "./types.ts";

export interface ToolClientOptions {
  /** The deployment's origin, e.g. `https://tools.example.com`; a URL already ending in `/api/v1` is accepted too. */
  readonly baseUrl: string;
  /** Defaults to the `TOOL_API_KEY` environment variable. */
  readonly apiKey?: string;
  readonly retry?: RetryOptions;
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

  constructor(options: ToolClientOptions) {
    if (isBrowser() && options.dangerouslyAllowBrowser !== true) {
      throw new Error("ToolClient refuses to run in a browser: an API key there is public. Call the API from your server, or pass dangerouslyAllowBrowser: true.");
    }
    this.#base = apiBase(options.baseUrl);
    this.#apiKey = options.apiKey ?? environmentKey();
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.#retry = retryPolicy(options.retry);
  }

  /** Runs a server tool: `input` is checked against that tool's type, the promise resolves to its output. */
  async execute<Id extends ToolId>(toolId: Id, input: ToolInput<Id>, options: RequestOptions = {}): Promise<ToolOutput<Id>> {
    const data = await this.#request<{ output: ToolOutput<Id> }>("POST", `/execute/${encodeURIComponent(toolId)}`, { input }, options.signal);
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

  /** One call: at most `maxAttempts` requests, waiting between them as `retryDelayMs` and `backoffMs` say. */
  async #request<T>(method: string, path: string, body: unknown, signal: AbortSignal | undefined): Promise<T> {
    const init = { method, headers: this.#headers(body !== undefined), body: body === undefined ? undefined : JSON.stringify(body), signal };
    for (let attempt = 1; ; attempt++) {
      signal?.throwIfAborted();
      let response: Response;
      try {
        response = await this.#fetch(this.#base + path, init);
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (attempt >= this.#retry.maxAttempts) throw this.#networkError(error, attempt);
        await sleep(backoffMs(attempt, this.#retry, Math.random), signal);
        continue;
      }
      if (response.ok) return this.#data<T>(response, signal);
      const wait = retryDelayMs(response.status, response.headers, attempt, this.#retry, Math.random);
      if (wait === undefined || attempt >= this.#retry.maxAttempts) throw await this.#failure(response, signal);
      await response.body?.cancel();
      await sleep(wait, signal);
    }
  }

  #headers(hasBody: boolean): Record<string, string> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (hasBody) headers["content-type"] = "application/json";
    if (this.#apiKey !== undefined) headers["x-api-key"] = this.#apiKey;
    return headers;
  }

  async #data<T>(response: Response, signal: AbortSignal | undefined): Promise<T> {
    const envelope = await readJson(response, signal);
    if (isObject(envelope) && envelope.status === "success" && isObject(envelope.data)) return envelope.data as T;
    throw new ToolApiError({ status: response.status, errorCode: "invalid_response", message: "The server answered without a success envelope.", requestId: requestIdOf(response) });
  }

  async #failure(response: Response, signal: AbortSignal | undefined): Promise<ToolApiError> {
    const envelope = await readJson(response, signal);
    const known = isObject(envelope) && typeof envelope.error_code === "string" && typeof envelope.message === "string";
    return new ToolApiError({
      status: response.status,
      errorCode: known ? (envelope.error_code as string) : "invalid_response",
      message: this.#scrub(known ? (envelope.message as string) : `HTTP ${response.status} without an error envelope`),
      details: known && Array.isArray(envelope.details) ? (envelope.details as InputIssue[]) : undefined,
      requestId: requestIdOf(response),
    });
  }

  #networkError(error: unknown, attempts: number): ToolApiError {
    const reason = error instanceof Error ? error.message : String(error);
    return new ToolApiError({ status: 0, errorCode: "network_error", message: this.#scrub(`No answer after ${attempts} attempts: ${reason}`) }, { cause: error });
  }

  /** The server never echoes a key, but a message is scrubbed anyway before it reaches logs. */
  #scrub(text: string): string {
    return this.#apiKey ? text.split(this.#apiKey).join("[redacted]") : text;
  }
}

/** `https://host[/prefix]` → `https://host[/prefix]/api/v1`, leaving a URL that already ends there alone. */
function apiBase(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new TypeError("baseUrl must be an http(s) URL");
  const path = url.pathname.replace(/\/+$/, "");
  return url.origin + (path.endsWith("/api/v1") ? path : `${path}/api/v1`);
}

function environmentKey(): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.TOOL_API_KEY || undefined;
}

function isBrowser(): boolean {
  return typeof (globalThis as { window?: unknown }).window !== "undefined" && typeof (globalThis as { document?: unknown }).document !== "undefined";
}

/** The body as JSON, or undefined when it is not JSON; an abort while reading still rejects with its reason. */
async function readJson(response: Response, signal: AbortSignal | undefined): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    signal?.throwIfAborted();
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function requestIdOf(response: Response): string | undefined {
  return response.headers.get("x-request-id") ?? undefined;
}
