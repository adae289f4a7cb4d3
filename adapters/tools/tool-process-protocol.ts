import type { DomainError } from "../../domain/errors.ts";
import type { Result } from "../../domain/result.ts";

// What the server and a tool process say to each other, and what a tool process is started with (tool-process.ts
// starts one, tool-child.ts is the child).

/** A module the child loads tool definitions from; ids are looked up as `idPrefix + tool.id`. */
export interface ToolModule {
  /** A file: URL or a package specifier, as `import()` takes it. */
  readonly url: string;
  /** Prepended to each tool's own id, e.g. `"example."` for a tool pack. Default: none. */
  readonly idPrefix?: string;
  /**
   * Only these tools, found among all the module's exports (a tool defined outside the catalog and packs, with its
   * definition's `module`). Default: the module's `default.tools` (a pack) or `serverTools` (the catalog).
   */
  readonly ids?: readonly string[];
}

/** Parent → child messages. `init` comes first and once; `run` only after the child answered `ready`. */
export type ParentMessage =
  /** `skipWarmUp`: tools whose example ran past the warm-up's cap in an earlier child; they run with no example first. */
  | { readonly type: "init"; readonly modules: readonly ToolModule[]; readonly warm: boolean; readonly skipWarmUp: readonly string[] }
  | { readonly type: "run"; readonly toolId: string; readonly input: Record<string, unknown> };

/** Child → parent messages. */
export type ChildMessage =
  | { readonly type: "ready" }
  /** The warm-up starts running this tool's first example (the parent bounds each one: ToolProcessSpec.warmUpCapMs). */
  | { readonly type: "preparing"; readonly toolId: string }
  | { readonly type: "warmed"; readonly rssBytes: number }
  /**
   * Sent while the warm-up runs: the task just sent has begun. A task not begun when its cap runs out was held by the
   * warm-up's example (a loop blocks the child's event loop), not by its own run: see ToolProcess.heldBy.
   */
  | { readonly type: "started" }
  /** Without a warm-up: a tool's first task in this process has loaded what the tool loads (see tool-child.ts). */
  | { readonly type: "prepared" }
  | { readonly type: "result"; readonly result: Result<unknown, DomainError>; readonly rssBytes: number }
  | { readonly type: "failed"; readonly message: string; readonly rssBytes: number };

/** How one task ended, seen from the parent. */
export type TaskOutcome =
  | { readonly kind: "result"; readonly result: Result<unknown, DomainError>; readonly rssBytes: number }
  | { readonly kind: "failed"; readonly message: string; readonly rssBytes: number }
  /** `unbegun`: the child died while its warm-up still held the task (ToolProcess.heldBy): the task never ran. */
  | { readonly kind: "died"; readonly code: number | null; readonly signal: string | null; readonly unbegun?: boolean };

/** What a ToolProcess is started with. */
export interface ToolProcessSpec {
  readonly entry: URL;
  readonly execArgv: readonly string[];
  readonly modules: readonly ToolModule[];
  readonly warm: boolean;
  /**
   * The longest one tool's warm-up (its first example) may run. Past it the child is killed and replaced, and later
   * children skip that tool's warm-up: an example that never ends would otherwise hold a child warming for ever, a core
   * spinning if it loops, and every task given to that child waiting one cap for a warm-up that never comes.
   */
  readonly warmUpCapMs: number;
  /** Added to the child's nice value, so the server's own event loop wins the CPU over tool work. */
  readonly niceness: number;
}

/** Variables a tool process may see: locale, time zone, paths. */
const PASSED_ENV = /^(PATH|HOME|TMPDIR|TZ|LANG|LANGUAGE|LC_[A-Z]+|NODE_ENV|TSX_[A-Z_]+)$/;

/**
 * The server's environment without its secrets (REDIS_URL with its password, session keys…): a process that
 * evaluates hostile input holds nothing worth stealing. NODE_OPTIONS stays out too: the pool sets the flags.
 */
export function toolEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => PASSED_ENV.test(name)));
}
