import type { H3EventContext } from "h3";
import { type OperationId, ROUTES } from "../http/route-list.ts";
import type { Metrics } from "./metrics.ts";

declare module "h3" {
  interface H3EventContext {
    /** Set where a StorageUnavailableError became a 503: the request counts in storage_errors_total. */
    storageFailed?: boolean;
  }
}

/** Hears each answered request (adapters/http/request-log.ts calls it as the answer closes). */
export type RequestObserver = (context: H3EventContext, method: string, status: number) => void;

const EXECUTE_OPERATIONS: ReadonlySet<OperationId> = new Set(["executeTool", "executeToolBySlug"]);

/**
 * The routes that take a rate-limit unit (auth `key`), each with the router param naming its tool when it executes
 * one (null otherwise). Read from the route list, so a new keyed route is counted without a change here.
 */
const KEYED_ROUTES: ReadonlyMap<string, string | null> = new Map(
  ROUTES.filter((route) => route.auth === "key").map((route) => [
    route.path,
    EXECUTE_OPERATIONS.has(route.operationId) ? (/:(\w+)/.exec(route.path)?.[1] ?? null) : null,
  ]),
);

/**
 * Observes a request once answered: its duration by route template; on a keyed route whose key was valid (the
 * request context has its id), the rate-limit decision (429 = limited) and, on an execute route, the execution by
 * tool and outcome; a storage outage answered 503.
 */
export function observeRequests(metrics: Metrics): RequestObserver {
  return (context, method, status) => {
    const route = context.matchedRoute?.route;
    const seconds = (performance.now() - (context.startedAt ?? 0)) / 1000;
    metrics.observeRequest(method, route, status, seconds);
    if (context.storageFailed) metrics.countStorageError(route);
    if (route === undefined || context.keyId === undefined) return;
    const toolParam = KEYED_ROUTES.get(route);
    if (toolParam === undefined) return;
    metrics.countRateLimitDecision(status !== 429);
    if (toolParam !== null) metrics.countToolExecution(decodeParam(context.params?.[toolParam]), status, seconds);
  };
}

/** MCP's tools/call records: each took a rate-limit unit (429 when refused) and is one execution, timed as usage times it. */
export function observeMcpCalls(metrics: Metrics): (record: { readonly toolId: string; readonly status: number; readonly latencyMs: number }) => void {
  return ({ toolId, status, latencyMs }) => {
    metrics.countRateLimitDecision(status !== 429);
    metrics.countToolExecution(toolId, status, latencyMs / 1000);
  };
}

/** Router params arrive percent-encoded; one that does not decode names no tool. */
function decodeParam(raw: string | undefined): string {
  if (raw === undefined || !raw.includes("%")) return raw ?? "";
  try {
    return decodeURIComponent(raw);
  } catch {
    return "";
  }
}
