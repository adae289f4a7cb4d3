/**
 * A library loaded on its first use, once. The server process imports every tool definition (schemas, examples) but
 * runs only the inline tools, and isolated tools run in the tool processes: a start pays for no tool library.
 * @example
 * const jose = lazy(() => import("jose"));
 * const { SignJWT } = await jose();
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}
