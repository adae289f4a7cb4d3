/** The most messages a JSON-RPC batch may hold (contract "## MCP" bounds); more is refused before any unit is taken. */
export const MAX_BATCH_MESSAGES = 100;

/** JSON-RPC 2.0 §5.1: -32602 Invalid params, -32600 Invalid Request; -32000 to -32099 are for the server to define. */
const INVALID_PARAMS = -32602;
const INVALID_REQUEST = -32600;
export const LISTING_BUDGET_SPENT = -32029;

export interface JsonRpcErrorMessage {
  readonly jsonrpc: "2.0";
  readonly id: string | number | null;
  readonly error: { readonly code: number; readonly message: string; readonly data?: unknown };
}

/** What the server's own MCP transport should see of a request, and the answers given to the rest before it. */
export interface Screened {
  /** The messages left for the MCP server, in order. */
  readonly kept: unknown[];
  /** The messages answered here, with a JSON-RPC error each. */
  readonly answers: JsonRpcErrorMessage[];
}

/**
 * Answers, before the MCP SDK sees them, what it would answer with an internal dump or what costs too much: a
 * tools/call whose `name` is not a string or whose `arguments` is not an object (-32602 with a short message), a second
 * tools/list in one batch (-32600), and a tools/list or ping past the caller's listing budget (LISTING_BUDGET_SPENT).
 * `takeListing` is asked once per tools/list or ping that would run, and says whether the budget had room.
 */
export function screenMessages(messages: readonly unknown[], takeListing: () => number | undefined = () => undefined): Screened {
  const kept: unknown[] = [];
  const answers: JsonRpcErrorMessage[] = [];
  let listed = false;
  for (const message of messages) {
    const refusal = refusalOf(message, listed, takeListing);
    if (refusal) answers.push(refusal);
    else kept.push(message);
    if (methodOf(message) === "tools/list" && !refusal) listed = true;
  }
  return { kept, answers };
}

function refusalOf(message: unknown, listed: boolean, takeListing: () => number | undefined): JsonRpcErrorMessage | undefined {
  const method = methodOf(message);
  const { id, params } = message as { id?: unknown; params?: unknown };
  if (id === undefined || !(typeof id === "string" || typeof id === "number")) return undefined;
  const refuse = (code: number, text: string, data?: unknown): JsonRpcErrorMessage => ({ jsonrpc: "2.0", id, error: { code, message: text, ...(data ? { data } : {}) } });
  if (method === "tools/call") {
    const { name, arguments: args } = (isObject(params) ? params : {}) as { name?: unknown; arguments?: unknown };
    if (typeof name !== "string") return refuse(INVALID_PARAMS, "Invalid params: `name` must be a string.");
    if (args !== undefined && !isObject(args)) return refuse(INVALID_PARAMS, "Invalid params: `arguments` must be an object.");
    return undefined;
  }
  if (method === "tools/list" && listed) return refuse(INVALID_REQUEST, "At most one tools/list per batch; page with nextCursor instead.");
  if (method === "tools/list" || method === "ping") {
    const retryAfterSeconds = takeListing();
    if (retryAfterSeconds !== undefined) return refuse(LISTING_BUDGET_SPENT, `Too many tools/list and ping calls for this key; retry in ${retryAfterSeconds} s.`, { retryAfterSeconds });
  }
  return undefined;
}

function methodOf(message: unknown): unknown {
  return isObject(message) ? message.method : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A per-key fixed-window budget in this process: cheap, and separate from the key's execute limit. */
export function listingBudget(perMinute: number, now: () => number = Date.now): (keyId: string) => number | undefined {
  const windows = new Map<string, { start: number; count: number }>();
  return (keyId) => {
    const at = now();
    const start = at - (at % 60_000);
    // Drop closed windows now and then, so one process holds at most the keys of the current minute.
    if (windows.size > 10_000) for (const [id, window] of windows) if (window.start !== start) windows.delete(id);
    let window = windows.get(keyId);
    if (!window || window.start !== start) windows.set(keyId, (window = { start, count: 0 }));
    if (window.count >= perMinute) return Math.ceil((start + 60_000 - at) / 1000);
    window.count += 1;
    return undefined;
  };
}
