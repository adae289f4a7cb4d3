// Which entries of the package compile in a consumer project that type-checks every declaration file it reaches
// (skipLibCheck: false), with and without @types/node, under both compilers users run. The declarations are emitted
// fresh from the sources (dist/ may be older), packed with npm and installed as a user would install the package.
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scratchDir } from "./adapters/testing/scratch-dir.ts";

const ROOT = import.meta.dirname;
const dir = scratchDir("tool-api-entries-");
const app = join(dir, "app");

/** Each entry of package.json's `exports`, and the file that imports it. */
const ENTRIES = [".", "./tools", "./storage", "./http", "./mcp", "./conformance"] as const;
type Entry = (typeof ENTRIES)[number];
const fileOf = (entry: Entry) => `entry-${entry === "." ? "root" : entry.slice(2)}.ts`;

/**
 * What compiles with skipLibCheck: false. `./storage` names Node's types (Buffer, NodeJS, node:events) through its
 * Redis client and pino logger: it needs @types/node. `./http` reaches h3's own declarations, which import the
 * optional peer `crossws` (not installed with h3) and declare `static override isError` (an Error member only
 * lib.esnext has): no consumer setting short of skipLibCheck: true compiles it without installing crossws.
 */
const EXPECTED: Record<Entry, { withoutNodeTypes: boolean; withNodeTypes: boolean }> = {
  ".": { withoutNodeTypes: true, withNodeTypes: true },
  "./tools": { withoutNodeTypes: true, withNodeTypes: true },
  "./storage": { withoutNodeTypes: false, withNodeTypes: true },
  "./http": { withoutNodeTypes: false, withNodeTypes: false },
  "./mcp": { withoutNodeTypes: true, withNodeTypes: true },
  "./conformance": { withoutNodeTypes: true, withNodeTypes: true },
};

/** The project's TypeScript 7 and the 5.9 most projects still use (client/codegen's; nothing is downloaded for it). */
const TYPESCRIPT_5 = join(ROOT, "client/codegen/node_modules/typescript");
const COMPILERS = [
  ["TypeScript 7", join(ROOT, "node_modules/typescript/bin/tsc")],
  ["TypeScript 5.9", join(TYPESCRIPT_5, "bin/tsc")],
] as const;

interface Setting {
  readonly nodeTypes: boolean;
  readonly skipLibCheck: boolean;
  /** Another target than es2023 (its default lib, DOM included, with it). */
  readonly target?: string;
}

type Verdict = { ok: boolean; output: string };

/** The flags of a strict nodenext consumer project under `setting`. */
function flagsOf(setting: Setting): string[] {
  const flags = ["--strict", "--noEmit", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", setting.target ?? "es2023", "--skipLibCheck", String(setting.skipLibCheck)];
  // With: the project's @types/node, as a consumer that installed it; without: none is installed in the consumer.
  if (setting.nodeTypes) flags.push("--types", "node", "--typeRoots", join(ROOT, "node_modules/@types"));
  return flags;
}

/** Runs node with `args` in the consumer project; resolves whether it exited 0, and what it printed. */
function run(args: string[]): Promise<Verdict> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: app, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ ok: error === null, output: `${stdout}${stderr}` });
    });
  });
}

/** Compiles one entry's consumer file with the compiler's CLI, as a strict nodenext project would: exit code and diagnostics. */
const compile = (tsc: string, entry: Entry, setting: Setting): Promise<Verdict> => run([tsc, ...flagsOf(setting), fileOf(entry)]);

/**
 * Entries checked by TypeScript 5.9 in one process (scripts/compile-each.mjs), each its own program as its CLI would
 * build it: that CLI spends most of a run parsing lib and @types/node, here parsed once.
 */
async function compileWithTypeScript5(entries: readonly Entry[], setting: Setting): Promise<Record<Entry, Verdict>> {
  const checked = await run([join(ROOT, "scripts/compile-each.mjs"), TYPESCRIPT_5, JSON.stringify(flagsOf(setting)), ...entries.map(fileOf)]);
  if (!checked.ok) throw new Error(`compile-each failed: ${checked.output}`);
  const verdicts = JSON.parse(checked.output) as Record<string, Verdict>;
  return Object.fromEntries(entries.map((entry) => [entry, verdicts[fileOf(entry)]])) as Record<Entry, Verdict>;
}

/** Every entry under one setting, each its own program: TypeScript 7's CLI a few at a time, TypeScript 5.9 in one process. */
async function compileAll(tsc: string, setting: Setting): Promise<Record<Entry, Verdict>> {
  if (tsc.startsWith(TYPESCRIPT_5)) return compileWithTypeScript5(ENTRIES, setting);
  const results: [Entry, Verdict][] = [];
  for (let start = 0; start < ENTRIES.length; start += 3) {
    const batch = ENTRIES.slice(start, start + 3);
    results.push(...(await Promise.all(batch.map(async (entry) => [entry, await compile(tsc, entry, setting)] as [Entry, Verdict]))));
  }
  return Object.fromEntries(results) as Record<Entry, Verdict>;
}

/** What one compiler says of the package: every entry without and with @types/node, and ./http's two other settings. */
interface Compiled {
  readonly without: Record<Entry, Verdict>;
  readonly withNode: Record<Entry, Verdict>;
  readonly httpEsnext: Verdict;
  readonly httpSkipLibCheck: Verdict;
}

async function compileEverything(tsc: string): Promise<Compiled> {
  const [without, withNode, httpEsnext, httpSkipLibCheck] = await Promise.all([
    compileAll(tsc, { nodeTypes: false, skipLibCheck: false }),
    compileAll(tsc, { nodeTypes: true, skipLibCheck: false }),
    compile(tsc, "./http", { nodeTypes: true, skipLibCheck: false, target: "esnext" }),
    compile(tsc, "./http", { nodeTypes: true, skipLibCheck: true }),
  ]);
  return { without, withNode, httpEsnext, httpSkipLibCheck };
}

/**
 * Each compiler's verdicts, and TypeScript 5.9's CLI on ./storage without @types/node, all started together once the
 * package is installed: TypeScript 5.9 checks on one thread and is most of this file's time, so checked one describe
 * after the other (and ./http's two settings one test after the other) they left a core idle.
 */
let compiled: ReadonlyMap<string, Promise<Compiled>> = new Map();
let storageByCli: Promise<Verdict> | undefined;

function compiledBy(tsc: string): Promise<Compiled> {
  const verdicts = compiled.get(tsc);
  if (!verdicts) throw new Error("the package was not installed: see the file's beforeAll");
  return verdicts;
}

/** `promise` as is, already marked handled: it may reject before the test that awaits it runs. */
function started<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

beforeAll(() => {
  const packageDir = join(dir, "package");
  const build = spawnSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json", "--outDir", join(packageDir, "dist"), "--emitDeclarationOnly"], { cwd: ROOT, encoding: "utf8" });
  if (!existsSync(join(packageDir, "dist/index.d.ts"))) throw new Error(`tsc emitted no declarations: ${build.stdout}${build.stderr}`);
  const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as Record<string, unknown>;
  const { scripts: _scripts, devDependencies: _dev, ...published } = manifest;
  writeFileSync(join(packageDir, "package.json"), JSON.stringify(published));
  const tarball = join(dir, execFileSync("npm", ["pack", "--silent", "--ignore-scripts", "--pack-destination", dir], { cwd: packageDir, encoding: "utf8" }).trim().split("\n").pop() as string);
  mkdirSync(app);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "entries-consumer", private: true, type: "module" }));
  // Only types are compiled here: no install script (LMDB's native build) needs to run.
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--ignore-scripts", "--loglevel=error", tarball], { cwd: app, stdio: "inherit" });
  for (const entry of ENTRIES) writeFileSync(join(app, fileOf(entry)), `export * as entry from "tool-execution-api${entry.slice(1)}";\n`);
  compiled = new Map(COMPILERS.map(([, tsc]) => [tsc, started(compileEverything(tsc))]));
  storageByCli = started(compile(join(TYPESCRIPT_5, "bin/tsc"), "./storage", { nodeTypes: false, skipLibCheck: false }));
}, 240_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("installs no @types/node with the package: a consumer has Node's types only if it adds them", () => {
  expect(existsSync(join(app, "node_modules/@types/node"))).toBe(false);
  for (const [, tsc] of COMPILERS) expect(existsSync(tsc)).toBe(true);
});

it("checks with TypeScript 5.9 in one process as its tsc does: ./storage without @types/node, the same diagnostics and exit code", async () => {
  // The in-process verdict is the one the describes below judge: ./storage checked among every entry, in one process.
  const [inProcess, cli] = await Promise.all([compiledBy(join(TYPESCRIPT_5, "bin/tsc")), storageByCli]);
  expect(cli?.ok).toBe(false);
  expect(inProcess.without["./storage"]).toEqual(cli);
}, 300_000);

describe.each(COMPILERS)("the package's entries under %s, skipLibCheck: false", (_name, tsc) => {
  let without: Record<Entry, Verdict>;
  let withNode: Record<Entry, Verdict>;
  beforeAll(async () => {
    ({ without, withNode } = await compiledBy(tsc));
  }, 300_000);

  it("compile as the README says: ., ./tools, ./mcp and ./conformance alone, ./storage with @types/node, ./http not at all", () => {
    const verdicts = Object.fromEntries(ENTRIES.map((entry) => [entry, { withoutNodeTypes: without[entry].ok, withNodeTypes: withNode[entry].ok }]));
    expect(verdicts).toEqual(EXPECTED);
  });

  it("./storage without @types/node fails on Node's types only", () => {
    expect(without["./storage"].output).toMatch(/error TS2688: Cannot find type definition file for 'node'/);
    expect(withNode["./storage"].output).toBe("");
  });

  it("./http fails in h3's own declarations: the optional peer crossws, and `static override isError` before lib.esnext", () => {
    const diagnostics = withNode["./http"].output.trim().split("\n");
    expect(diagnostics.every((line) => line.startsWith("node_modules/h3/"))).toBe(true);
    expect(withNode["./http"].output).toMatch(/error TS2307: Cannot find module 'crossws'/);
    expect(withNode["./http"].output).toMatch(/error TS4113: This member cannot have an 'override' modifier because it is not declared in the base class 'Error'/);
  });

  it("./http with target esnext still needs crossws: only skipLibCheck: true compiles it without installing that peer", async () => {
    const esnext = (await compiledBy(tsc)).httpEsnext;
    expect(esnext.output.trim().split("\n")).toEqual([expect.stringMatching(/^node_modules\/h3\/dist\/index\.d\.mts\(\d+,\d+\): error TS2307: Cannot find module 'crossws'/)]);
  });

  it("compiles ./http with skipLibCheck: true and @types/node (the README's one-line fix; every other entry already does)", async () => {
    const needing = ENTRIES.filter((entry) => !EXPECTED[entry].withNodeTypes);
    expect(needing).toEqual(["./http"]);
    expect((await compiledBy(tsc)).httpSkipLibCheck).toEqual({ ok: true, output: "" });
  });
});
