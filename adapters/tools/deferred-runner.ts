import type { CallerSignal, ToolRunner } from "../../application/ports.ts";
import type { DomainError } from "../../domain/errors.ts";
import type { Result } from "../../domain/result.ts";
import type { ToolDefinition } from "../../domain/tool.ts";
import { InlineToolRunner } from "./inline-tool-runner.ts";
import type { PoolStats } from "./process-pool.ts";

/** A runner that can also be closed, and perhaps awaited and inspected (the process pool). */
export type ClosableRunner = ToolRunner & { close(): Promise<void>; whenReady?(): Promise<void>; stats?(): PoolStats };

/**
 * Opens a runner only when `start()` is called or an isolated tool (`worker: true`) first needs it; the others run
 * inline, as the pool would run them. The server starts its child-process pool right after it listens, so booting and
 * warming the children never delays the first answer (health within 1 s), or, with TOOL_WARM_UP=false, leaves it to
 * the first isolated call.
 */
export class DeferredRunner implements ToolRunner {
  private runner: ClosableRunner | undefined;

  constructor(
    private readonly open: () => ClosableRunner,
    private readonly inline: ToolRunner = new InlineToolRunner(),
  ) {}

  start(): void {
    this.runner ??= this.open();
  }

  /** Opens the runner if need be and resolves once it is ready to take work at full capacity. */
  async whenReady(): Promise<void> {
    this.start();
    await this.runner?.whenReady?.();
  }

  /** The opened runner's stats, if it keeps any; undefined before it is opened. */
  stats(): PoolStats | undefined {
    return this.runner?.stats?.();
  }

  run(tool: ToolDefinition, input: Record<string, unknown>, signal?: CallerSignal): Promise<Result<unknown, DomainError>> {
    if (!tool.worker) return this.inline.run(tool, input, signal);
    this.start();
    return (this.runner as ClosableRunner).run(tool, input, signal);
  }

  async close(): Promise<void> {
    await this.runner?.close();
  }
}
