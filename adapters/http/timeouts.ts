/**
 * How long an idle keep-alive connection stays open: past a load balancer's idle timeout (60 s on the common ones),
 * so the balancer, not the server, closes idle connections. Node's own default (5 s) lets a balancer reuse a
 * connection the server has just closed: intermittent 502s.
 */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** How long a client may take to send a request's headers and whole body, at least. */
const HEADERS_MARGIN_MS = 1_000;
const MIN_REQUEST_TIMEOUT_MS = 30_000;

/** node:http's timeouts for a keep-alive timeout: headers above it (as balancer guides ask), the request at or above that. */
export function toServerTimeouts(keepAliveTimeoutMs: number): { keepAliveTimeout: number; headersTimeout: number; requestTimeout: number } {
  const headersTimeout = keepAliveTimeoutMs + HEADERS_MARGIN_MS;
  // node:http refuses a headersTimeout above requestTimeout.
  return { keepAliveTimeout: keepAliveTimeoutMs, headersTimeout, requestTimeout: Math.max(MIN_REQUEST_TIMEOUT_MS, headersTimeout) };
}
