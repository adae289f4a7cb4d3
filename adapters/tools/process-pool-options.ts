import type { ToolRunner } from "../../application/ports.ts";
import type { ToolDefinition } from "../../domain/tool.ts";
import { InlineToolRunner } from "./inline-tool-runner.ts";
import type { ToolModule, ToolProcessSpec } from "./tool-process-protocol.ts";

/** How a ProcessPoolToolRunner is sized; every field has a default fit for a 2-core machine. */
export interface ProcessPoolOptions {
  /** Tasks that run at once, each in its own child process. Default 2. */
  readonly concurrency?: number;
  /** Ready children kept beyond `concurrency`, so a killed task's successor starts without waiting for a boot. Default 1. */
  readonly spares?: number;
  /** Tasks allowed to wait once `concurrency` tasks run; one more answers `server_busy` at once. Default 16. */
  readonly maxQueue?: number;
  /** The longest a task waits in the queue; past it, it leaves the queue with `server_busy`, unstarted. Default 10 000. */
  readonly maxWaitMs?: number;
  /** The time cap of one task's run, from the moment a child takes it (queue wait not included); default: the tool's `timeoutMs`, else `defaultTimeoutMs`. */
  readonly timeoutMsFor?: (tool: ToolDefinition) => number;
  /** Cap for tools that declare no `timeoutMs`. Default 10 000. */
  readonly defaultTimeoutMs?: number;
  /** V8 heap cap per child (`--max-old-space-size`): a memory bomb kills its child, not the server. Default 256. */
  readonly maxOldSpaceMb?: number;
  /** A child whose resident memory grew by more than this since it was warm is replaced after its task. Default 128. */
  readonly recycleGrowthMb?: number;
  /** Where children load tool definitions from. Default: the built-in catalog (./index). */
  readonly modules?: readonly ToolModule[];
  /** Run each isolated tool's first example in a new child (it takes work meanwhile), loading lazy libraries. Default true. */
  readonly warm?: boolean;
  /**
   * The longest one tool's example may run in a warm-up; past it the child is replaced and later children leave that
   * tool out of their warm-up (a pack's example that never ends would keep a child warming, or spinning, for ever).
   * Default 60 000: far above any catalog tool's first example on a loaded machine (mathjs's import once took 10 s).
   */
  readonly warmUpCapMs?: number;
  /**
   * Added to each child's nice value, so request handling wins the CPU over tool work. Default 0: at 5, on a busy
   * shared host, the tools themselves starved (bcrypt cost 14 ran past its 10 s cap).
   */
  readonly niceness?: number;
  /** Where tools without `worker: true` run. Default: an InlineToolRunner with the system context. */
  readonly inline?: ToolRunner;
  /** The child entry module; tests swap in a fixture. Default: ./tool-child (.ts under tsx, .js when compiled). */
  readonly entry?: URL;
  /** Told about idle children that die and children that keep failing to start. Default: process.emitWarning. */
  readonly onError?: (error: Error) => void;
}

/** The options with every default filled in, as the pool uses them. */
export interface PoolSettings {
  readonly concurrency: number;
  readonly spares: number;
  readonly maxQueue: number;
  readonly maxWaitMs: number;
  readonly recycleGrowthMb: number;
  readonly timeoutMsFor: (tool: ToolDefinition) => number;
  readonly inline: ToolRunner;
  readonly onError: (error: Error) => void;
  readonly spec: ToolProcessSpec;
}

const FROM_SOURCE = import.meta.url.endsWith(".ts");
/**
 * Where tool processes load their entry and the catalog from: beside this module, its .ts sources under tsx when this
 * process runs from source, its .js siblings when compiled (no loader).
 */
let childCode = { dir: new URL("./", import.meta.url), extension: FROM_SOURCE ? ".ts" : ".js" };

/**
 * Points the tool processes of pools made from now on at a compiled copy of this folder. The test suite runs from
 * source and keeps dist/ compiled from these very sources (scripts/vitest-global-setup.mjs); its servers' tool
 * processes load that build, as the server and CLI processes it starts do: a pool's three children took 1.6× the CPU
 * to boot and warm up under tsx (18–21 s against 11–12.5 s).
 */
export function runToolProcessesFrom(compiledDir: URL): void {
  childCode = { dir: compiledDir, extension: ".js" };
}

const childFile = (name: string) => new URL(`${name}${childCode.extension}`, childCode.dir);

/** The built-in catalog's module: what tool processes load unless told otherwise. */
export const catalogModule = (): { readonly url: string } => ({ url: childFile("index").href });

/**
 * Each child's young-generation semi-space, in MiB (`--max-semi-space-size`): V8's own size for Node 20. Node 24's V8
 * grows it to 64 MiB a semi-space (128 MiB of new space) once a warm-up or a tool allocates fast, outside the old
 * space's cap: a warm child then held ≈ 265 MiB instead of ≈ 175 MiB, three of them by default, for no speed their
 * work could use (the warm-up took the same CPU either way; README, "Deploy").
 */
export const CHILD_SEMI_SPACE_MB = 16;

/** Fills in the defaults of a ProcessPoolOptions. */
export function resolvePoolOptions(options: ProcessPoolOptions): PoolSettings {
  const defaultTimeoutMs = options.defaultTimeoutMs ?? 10_000;
  const entry = options.entry ?? childFile("tool-child");
  const modules = options.modules ?? [catalogModule()];
  const heap = [`--max-old-space-size=${options.maxOldSpaceMb ?? 256}`, `--max-semi-space-size=${CHILD_SEMI_SPACE_MB}`];
  // From source, a module may be TypeScript whatever the entry is (a test's pack). The compiled package never adds the
  // loader for one: tsx is not among its dependencies, and without it no child would boot.
  const loader = entry.href.endsWith(".ts") || (FROM_SOURCE && modules.some((module) => module.url.endsWith(".ts")));
  const execArgv = [...(loader ? ["--import", "tsx"] : []), ...heap];
  return {
    concurrency: Math.max(1, options.concurrency ?? 2),
    spares: Math.max(0, options.spares ?? 1),
    maxQueue: Math.max(0, options.maxQueue ?? 16),
    maxWaitMs: Math.max(0, options.maxWaitMs ?? 10_000),
    recycleGrowthMb: options.recycleGrowthMb ?? 128,
    timeoutMsFor: options.timeoutMsFor ?? ((tool) => tool.timeoutMs ?? defaultTimeoutMs),
    inline: options.inline ?? new InlineToolRunner(),
    onError: options.onError ?? ((error) => process.emitWarning(error)),
    spec: { entry, execArgv, modules, warm: options.warm ?? true, warmUpCapMs: options.warmUpCapMs ?? 60_000, niceness: options.niceness ?? 0 },
  };
}
