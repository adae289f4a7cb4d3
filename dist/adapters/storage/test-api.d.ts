/** The parts of a test runner the storage contract suites use: vitest's, or jest's (both provide them as globals). */
export interface TestApi {
    describe(name: string, body: () => void): void;
    it(name: string, body: () => unknown, timeoutMs?: number): void;
    beforeEach(body: () => unknown): void;
    afterEach(body: () => unknown): void;
    expect: (value: unknown) => any;
}
/**
 * The test API the suites register with: the runner's globals (vitest with `globals: true`, jest), read at call
 * time, so importing `tool-execution-api/storage` never loads a test runner in production code.
 */
export declare function testApi(): TestApi;
