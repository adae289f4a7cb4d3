/**
 * The test API the suites register with: the runner's globals (vitest with `globals: true`, jest), read at call
 * time, so importing `tool-execution-api/storage` never loads a test runner in production code.
 */
export function testApi() {
    const api = globalThis;
    if (!api.describe || !api.it || !api.expect || !api.beforeEach || !api.afterEach) {
        throw new Error("The storage contract suites run under a test runner with globals (vitest with `globals: true`, or jest).");
    }
    return api;
}
