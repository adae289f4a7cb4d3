/**
 * How long one store call may take in the suites that prove what the stores do, not how fast: on a loaded 2-core
 * machine (two suites side by side) a Redis script or a PostgreSQL statement once took past the server's 1 s, which
 * answers 503 and proves no semantics. The server's own deadline is proven by the outage tests, at its real value.
 */
export const STORE_TEST_DEADLINE_MS = 10_000;
