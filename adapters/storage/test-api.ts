/** The parts of a test runner the storage contract suites use: vitest's, or jest's (both provide them as globals). */
export interface TestApi {
  describe(name: string, body: () => void): void;
  it(name: string, body: () => unknown, timeoutMs?: number): void;
  beforeEach(body: () => unknown): void;
  afterEach(body: () => unknown): void;
  // The matcher chain is the runner's own (toEqual, toBeGreaterThan, rejects…); it is not restated here.
  // biome-ignore lint/suspicious/noExplicitAny: the runner's expect types differ between runners
  expect: (value: unknown) => any;
}

/**
 * The test API the suites register with: the runner's globals (vitest with `globals: true`, jest), read at call
 * time, so importing `tool-execution-api/storage` never loads a test runner in production code.
 */
export function testApi(): TestApi {
  const api = globalThis as unknown as Partial<TestApi>;
  if (!api.describe || !api.it || !api.expect || !api.beforeEach || !api.afterEach) {
    throw new Error("The storage contract suites run under a test runner with globals (vitest with `globals: true`, or jest).");
  }
  return api as TestApi;
}
