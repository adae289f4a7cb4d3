// The package as users get it: `npm pack` of the build that `npm ci` made (prepare), installed into a fresh project,
// used with plain node and with TypeScript. --ignore-scripts: rebuilding dist/ here would pull it from under other tests.
import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv } from "./adapters/testing/child-env.ts";
import { clearOfWindowEnd, COUNTED_WINDOW_SECONDS } from "./adapters/testing/rate-window.ts";
import { scratchDir } from "./adapters/testing/scratch-dir.ts";
import { untilSettled } from "./bench/process-cpu.ts";

const ROOT = import.meta.dirname;
const ABC_SHA256 = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"; // FIPS 180-2
const dir = scratchDir("tool-api-consumer-");
/** The second consumer: a project that imports only tool-execution-api (the last describe). */
const project = scratchDir("tool-api-core-consumer-");
let tarball = "";
/** The paths in the tarball, as `npm pack --json` listed them. */
let packed: string[] = [];
/** What npm printed installing the package into `project`. */
let install = "";
const node = (args: string[], env: Record<string, string> = {}) =>
  execFileSync(process.execPath, args, { cwd: dir, env: childEnv(env), encoding: "utf8", timeout: 60_000 });
/** `tsc -p config` with `compiler` in `cwd`: its exit code and what it printed on stdout (where tsc writes diagnostics). */
const tsc = (compiler: string, config: string, cwd = dir) => new Promise<{ code: number; output: string }>((resolve) => {
  execFile(process.execPath, [compiler, "-p", config], { cwd, encoding: "utf8" }, (error, stdout) => {
    resolve({ code: error ? Number(error.code ?? 1) : 0, output: String(stdout) });
  });
});
/**
 * Every type check of the tests below, by compiler: started once both projects are installed, beside the tests that
 * run node and the conformance suite, which leave a core idle much of the time (TypeScript 5.9 checks on one thread,
 * and its checks, one after another at the end, took a fifth of the file's time).
 */
let typeChecks: ReadonlyMap<string, Promise<{ code: number; output: string }>> = new Map();
const checked = (compiler: string, config: string, cwd = dir) => {
  const result = typeChecks.get(`${compiler} ${join(cwd, config)}`);
  if (!result) throw new Error(`no type check of ${config} with ${compiler} was started`);
  return result;
};
const TYPESCRIPT_7 = join(ROOT, "node_modules/typescript/bin/tsc");
const TYPESCRIPT_5 = join(ROOT, "client/codegen/node_modules/typescript/bin/tsc");

beforeAll(async () => {
  const [pack] = JSON.parse(execFileSync("npm", ["pack", "--json", "--silent", "--ignore-scripts", "--pack-destination", dir], { cwd: ROOT, encoding: "utf8" })) as { filename: string; files: { path: string }[] }[];
  tarball = join(dir, pack.filename);
  packed = pack.files.map((file) => file.path);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  const typesNode = `@types/node@${(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { devDependencies: Record<string, string> }).devDependencies["@types/node"]}`;
  // The two consumers install side by side: each install spends its time writing files, mostly in the kernel.
  const installs = await Promise.all([npmInstall(dir, ["--loglevel=error", tarball, typesNode]), installCoreConsumer()]);
  for (const { code, output } of installs) if (code !== 0) throw new Error(`npm install failed:\n${output}`);
  install = installs[1].output;
  for (const file of ["consumer.mjs", "serve-app.mjs", "serve-node.mjs", "typed.ts", "typed-wrong.ts"]) copyFileSync(join(ROOT, "examples/consumer", file), join(dir, file));
  typeChecks = startTypeChecks();
}, 240_000);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(project, { recursive: true, force: true });
});

/**
 * typed.ts and typed-wrong.ts in `dir` (each its own tsconfig, so both compilers check both at once) and typed-core.ts in
 * `project`, each with both compilers: TypeScript 5.9 the one installed into `project` there, as its user would.
 */
function startTypeChecks(): Map<string, Promise<{ code: number; output: string }>> {
  // typed.ts imports ./http too, which brings h3's declarations: skipLibCheck as most projects set it (the
  // core-only project below compiles without it).
  const options = { strict: true, module: "nodenext", moduleResolution: "nodenext", target: "es2023", noEmit: true, skipLibCheck: true, types: ["node"] };
  for (const file of ["typed", "typed-wrong"]) writeFileSync(join(dir, `tsconfig.${file}.json`), JSON.stringify({ compilerOptions: options, files: [`${file}.ts`] }));
  const checks: [string, string, string][] = [
    ...[TYPESCRIPT_7, TYPESCRIPT_5].flatMap((compiler) => ["tsconfig.typed.json", "tsconfig.typed-wrong.json"].map((config): [string, string, string] => [compiler, config, dir])),
    [TYPESCRIPT_7, "tsconfig.json", project],
    [join(project, "node_modules/typescript/bin/tsc"), "tsconfig.json", project],
  ];
  return new Map(checks.map(([compiler, config, cwd]) => [`${compiler} ${join(cwd, config)}`, tsc(compiler, config, cwd)]));
}

/** The README's allowScripts, strict TypeScript, no @types/node: the package and TypeScript 5.9 installed into `project`. */
function installCoreConsumer(): Promise<{ code: number | null; output: string }> {
  // npm keys a tarball by its absolute path (README: what `npm install-scripts approve tool-execution-api` writes).
  const allowScripts = { ...readmeAllowScripts(), [`file:${tarball}`]: true };
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "core-consumer", private: true, type: "module", allowScripts }));
  const typescript = `typescript@${(JSON.parse(readFileSync(join(ROOT, "client/codegen/package.json"), "utf8")) as { dependencies: Record<string, string> }).dependencies.typescript}`;
  copyFileSync(join(ROOT, "examples/consumer/typed-core.ts"), join(project, "typed-core.ts"));
  const options = { strict: true, module: "nodenext", moduleResolution: "nodenext", target: "es2023", noEmit: true, skipLibCheck: false };
  writeFileSync(join(project, "tsconfig.json"), JSON.stringify({ compilerOptions: options, files: ["typed-core.ts"] }));
  return npmInstall(project, [tarball, typescript]);
}

describe("the packed tool-execution-api in a consumer project", () => {
  it("ships compiled code and declarations only, no sources or tests", () => {
    expect(packed).toContain("dist/index.js");
    expect(packed).toContain("dist/index.d.ts");
    expect(packed).toContain("dist/conformance/dredd/hooks.cjs");
    expect(packed.filter((path) => path.endsWith(".ts") && !path.endsWith(".d.ts"))).toEqual([]);
    expect(packed.filter((path) => /\.test\.|\/testing\//.test(path))).toEqual([]);
  });

  it("runs the core with plain node without loading h3, srvx or listhen", async () => {
    await clearOfWindowEnd();
    const log = join(dir, "imports.log");
    writeFileSync(log, "");
    const recorder = join(ROOT, "adapters/tools/testing/register-import-recorder.mjs");
    const out = JSON.parse(node(["--import", recorder, "consumer.mjs"], { IMPORT_LOG: log }));
    const imported = readFileSync(log, "utf8");
    expect(imported).toContain("/node_modules/tool-execution-api/dist/");
    expect(imported).not.toMatch(/\/node_modules\/(h3|srvx|listhen)\//);
    expect(out.answers.ok).toMatchObject({ status: 200, body: { data: { output: { digest: ABC_SHA256 } } } });
    expect(out.answers.ok.headers).toMatchObject({ "x-ratelimit-limit": "2", "x-ratelimit-remaining": "1" });
    expect(out.answers.invalid).toMatchObject({ status: 422, body: { error_code: "invalid_input" } });
    expect(out.answers.invalid.body.details.map((issue: { path: string }) => issue.path)).toContain("/input/algorithm");
    expect(out.answers.limited.status).toBe(429);
    expect(Number(out.answers.limited.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(out.answers.unauthorized).toMatchObject({ status: 401, body: { error_code: "unauthorized" } });
    expect(out.answers.notFound).toMatchObject({ status: 404, body: { error_code: "tool_not_found" } });
    expect(out.answers.custom).toMatchObject({ status: 200, body: { data: { output: { text: "c b a" } } } });
    expect(out.listed).toBe(true);
    expect(out.statusOfRateLimited).toBe(429);
  });

  it("answers through createApp(core).fetch exactly what core.execute answers", async () => {
    await clearOfWindowEnd();
    const core = JSON.parse(node(["consumer.mjs"])).answers;
    const app = JSON.parse(node(["serve-app.mjs"]));
    for (const name of ["ok", "invalid", "limited", "unauthorized"]) {
      expect(app[name].status).toBe(core[name].status);
      expect(app[name].body).toEqual(core[name].body);
      for (const [header, value] of Object.entries(core[name].headers as Record<string, string>)) {
        if (header !== "x-ratelimit-reset" && header !== "retry-after") expect(app[name].headers[header]).toBe(value);
      }
    }
    expect(app.tools).toBe(109);
  });

  it("serves the app on node:http with createNodeServer: reason phrases, and a refusal keeps its keep-alive connection", () => {
    const { refused, ok } = JSON.parse(node(["serve-node.mjs"]));
    expect(refused).toMatchObject({ status: 401, reason: "Unauthorized", body: { error_code: "unauthorized" } });
    expect(refused.requestId).toMatch(/^req_/);
    expect(ok).toMatchObject({ status: 200, reason: "OK", reusedSocket: true, body: { data: { output: { digest: ABC_SHA256 } } } });
  });

  it("creates keys with node_modules/.bin/tool-api, serves them with tool-api serve, and passes tool-api conformance", async () => {
    const env = { DATA_DIR: join(dir, "data"), LOG_LEVEL: "warn", RATE_LIMIT: "100000/60s" };
    const created = JSON.parse(node(["node_modules/.bin/tool-api", "keys", "create", "--name", "cli", "--json"], env));
    expect(created.secret).toMatch(/^tk_dev_/);
    // Warmed up as in production (childEnv turns it off): with two suites side by side, tool processes loading mathjs
    // on math-evaluator's first calls took past its 10-s cap, and those example calls answered 504.
    const server = spawn(process.execPath, ["node_modules/.bin/tool-api", "serve"], { cwd: dir, env: childEnv({ ...env, PORT: "0", TOOL_WARM_UP: "true" }) });
    try {
      const url = await listeningUrl(server);
      const response = await fetch(`${url}/api/v1/execute/hash-text`, {
        method: "POST", headers: { "content-type": "application/json", "x-api-key": created.secret },
        body: JSON.stringify({ input: { algorithm: "sha256", text: "abc" } }),
      });
      expect(await response.json()).toMatchObject({ data: { output: { digest: ABC_SHA256 } } });
      // The conformance suite runs from the installed package too, judging this deployment by the document it serves.
      // Its spent key has a day's window: RATE_LIMIT's 60 s one could end between the spending and the 429 cases.
      await clearOfWindowEnd();
      const limited = JSON.parse(node(["node_modules/.bin/tool-api", "keys", "create", "--name", "limited", "--limit", "1", "--window", String(COUNTED_WINDOW_SECONDS), "--json"], env));
      // The run starts once that warm-up is over (a call handed to a child still warming waits for it one cap at
      // most), and a request may take 60 s, not the default 20, on a machine so loaded.
      await untilSettled([server.pid as number], 120_000);
      const conformance = await run(["node_modules/.bin/tool-api", "conformance", "--base-url", url, "--max-cases", "20", "--time-budget", "10",
        "--request-timeout", "60", "--reporter", "junit", "--output", join(dir, "junit.xml")], { CONFORMANCE_API_KEY: created.secret, CONFORMANCE_RATE_LIMITED_KEY: limited.secret });
      expect(conformance.output).not.toContain(created.secret);
      expect(conformance.code, conformance.output.split("\n").filter((line) => !/^(PASS|SKIP) /.test(line)).join("\n").slice(-4000)).toBe(0);
      expect(readFileSync(join(dir, "junit.xml"), "utf8")).toContain("<testcase");
      // Dredd is a development dependency, so the consumer has none: the Dredd engine says how to install it.
      const dredd = await run(["node_modules/.bin/tool-api", "conformance", "--engine", "dredd", "--base-url", url], { CONFORMANCE_API_KEY: created.secret });
      expect(dredd.code, dredd.output).toBe(1);
      expect(dredd.output).toContain("Dredd is not installed here; install it with: npm install --save-dev --save-exact dredd@14.1.0");
    } finally {
      server.kill("SIGTERM");
    }
    // A conformance run alone took over 100 s on a loaded 2-core machine.
  }, 360_000);

  it.each([
    ["TypeScript 7", TYPESCRIPT_7],
    ["TypeScript 5.9", TYPESCRIPT_5],
  ])("compiles a strict nodenext consumer with %s and refuses wrongly typed calls", async (_name, compiler) => {
    expect(await checked(compiler, "tsconfig.typed.json")).toEqual({ code: 0, output: "" });
    const wrong = await checked(compiler, "tsconfig.typed-wrong.json");
    expect(wrong.code).not.toBe(0);
    expect(wrong.output).toMatch(/typed-wrong\.ts\(4,[^)]*\): error/);
    expect(wrong.output).toMatch(/typed-wrong\.ts\(5,[^)]*\): error/);
    expect(wrong.output).toMatch(/typed-wrong\.ts\(6,[^)]*\): error/);
  });
});

describe("a project that imports only tool-execution-api: the README's allowScripts, strict TypeScript, no @types/node", () => {
  it("installs without npm listing an unreviewed install script", () => {
    expect(install).toMatch(/added \d+ packages/);
    expect(install).not.toMatch(/install-scripts|allowScripts/);
  });

  it.each([
    ["TypeScript 7", TYPESCRIPT_7],
    ["TypeScript 5.9", join(project, "node_modules/typescript/bin/tsc")],
  ])("compiles with %s, skipLibCheck off: the core's declarations reach no h3 and no Node types", async (_name, compiler) => {
    expect(existsSync(join(project, "node_modules/@types/node"))).toBe(false);
    expect(await checked(compiler, "tsconfig.json", project)).toEqual({ code: 0, output: "" });
  });
});

/** The allowScripts block the README's library section tells consumers to add. */
function readmeAllowScripts(): Record<string, boolean> {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("\n## Use it as a library\n"));
  const block = /```json\n(\{[^`]*"allowScripts"[^`]*)```/.exec(section.slice(0, section.indexOf("\n## ", 1)));
  if (!block) throw new Error("README's library section has no allowScripts block");
  return (JSON.parse(block[1]) as { allowScripts: Record<string, boolean> }).allowScripts;
}

/** Runs `command` to its end; its exit code and everything it printed. */
function collect(command: string, args: string[], options: { cwd: string; env?: Record<string, string> }): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, options);
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

const run = (args: string[], env: Record<string, string>) => collect(process.execPath, args, { cwd: dir, env: childEnv(env) });
/** `npm install` of `args` into `cwd`, as the README's consumer runs it. */
const npmInstall = (cwd: string, args: string[]) => collect("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", ...args], { cwd });

function listeningUrl(server: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    server.stdout?.on("data", (chunk) => {
      output += chunk;
      const match = /Listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]);
    });
    server.once("exit", (code) => reject(new Error(`tool-api serve exited with ${code}: ${output}`)));
  });
}
