import type { DomainError } from "../../../domain/errors.ts";
import type { Result } from "../../../domain/result.ts";
import type { ToolDefinition } from "../../../domain/tool.ts";
import { type ProcessPoolOptions, ProcessPoolToolRunner } from "../process-pool.ts";
import fixtures from "../process-pool.fixture.ts";

/** The fixture module as the children load it: each tool under `fx.<id>`. */
export const FIXTURES = [{ url: new URL("../process-pool.fixture.ts", import.meta.url).href, idPrefix: "fx." }];

/** A fixture tool as the parent sees it; `prefix` must match the module entry the children loaded. */
export function fx(id: string, prefix = "fx."): ToolDefinition {
  return { ...(fixtures.tools.find((tool) => tool.id === id) as ToolDefinition), id: `${prefix}${id}` };
}

/** The error code of a result, or "ok". */
export const outcomeOf = (result: Result<unknown, DomainError>): string => (result.ok ? "ok" : result.error.code);

/** The pid a whoami or sleep fixture answered from. */
export const pidOf = (result: Result<unknown, DomainError>): number => (result as { ok: true; value: { pid: number } }).value.pid;

/** Whether a process is alive. */
export function alive(pid: number): boolean {
  try {
    return process.kill(pid, 0);
  } catch {
    return false;
  }
}

/**
 * Makes ready runners over the fixture module (no warm-up, errors ignored unless `onError` is given) and closes them
 * all at the end of a suite: `const pools = poolMaker(); afterAll(pools.closeAll)`.
 */
export function poolMaker() {
  const runners: ProcessPoolToolRunner[] = [];
  return {
    async make(options: ProcessPoolOptions = {}): Promise<ProcessPoolToolRunner> {
      const runner = new ProcessPoolToolRunner({ modules: FIXTURES, warm: false, onError: () => {}, ...options });
      runners.push(runner);
      await runner.whenReady();
      return runner;
    },
    async closeAll(): Promise<void> {
      await Promise.all(runners.map((runner) => runner.close()));
    },
  };
}
