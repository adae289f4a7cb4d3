import type { ToolRunner } from "../../application/ports.ts";
import type { DomainError } from "../../domain/errors.ts";
import type { Result } from "../../domain/result.ts";
import type { ToolDefinition } from "../../domain/tool.ts";

/** A runner that can also be closed (the process pool). */
export type ClosableRunner = ToolRunner & { close(): Promise<void> };

/**
 * Opens a runner only when `start()` is called or a tool first needs it. The server starts its child-process pool
 * right after it listens, so booting and warming the children never delays the first answer (health within 1 s).
 */
export class DeferredRunner implements ToolRunner {
  private runner: ClosableRunner | undefined;

  constructor(private readonly open: () => ClosableRunner) {}

  start(): void {
    this.runner ??= this.open();
  }

  run(tool: ToolDefinition, input: Record<string, unknown>): Promise<Result<unknown, DomainError>> {
    this.start();
    return (this.runner as ClosableRunner).run(tool, input);
  }

  async close(): Promise<void> {
    await this.runner?.close();
  }
}
