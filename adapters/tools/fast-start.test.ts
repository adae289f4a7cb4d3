import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { childEnv } from "../testing/child-env.ts";
import { startServerProcess } from "../testing/process.ts";
import { canReadProcessCpu, treeCpuMs } from "./testing/process-cpu.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const TESTING = join(import.meta.dirname, "testing");
/**
 * CPU time (user + system, the whole process tree) spent from spawn to "Listening on": the work a start does, which
 * load barely changes. Measured ≈ 3.0–3.6 s here (main thread ≈ 1.2 s; the rest V8 helper threads, tsx's module-hooks
 * thread and the pool's first worker). Importing the heavy libraries eagerly costs ≈ 3.2 s CPU more (measured), on
 * the main thread and again in each pool worker, which imports the same catalog.
 */
const START_CPU_BUDGET_MS = 6000;
/** Libraries that must load on first use only: the catalog's heavy ones (its §2, "Lazy loading"), then the rest made lazy for start-up. */
const HEAVY = [
  { name: "mathjs", path: /node_modules\/mathjs\// },
  { name: "figlet", path: /node_modules\/figlet\// },
  { name: "bwip-js", path: /node_modules\/bwip-js\// },
  { name: "libphonenumber-js/max", path: /node_modules\/libphonenumber-js\/(max\/|metadata\.max\.json)/ },
  { name: "oui-data", path: /node_modules\/oui-data\// },
  { name: "@zxcvbn-ts/language-common", path: /node_modules\/@zxcvbn-ts\/language-common\// },
  { name: "@zxcvbn-ts/language-en", path: /node_modules\/@zxcvbn-ts\/language-en\// },
  // Loaded on first use since issue 12 (adapters/tools/lazy.ts): together ≈ 0.4 s of a start.
  { name: "sql-formatter", path: /node_modules\/sql-formatter\// },
  { name: "fast-xml-parser", path: /node_modules\/fast-xml-parser\// },
  { name: "jose", path: /node_modules\/jose\// },
  { name: "validator", path: /node_modules\/validator\// },
  { name: "diff", path: /node_modules\/diff\// },
  { name: "markdown-it", path: /node_modules\/markdown-it\// },
  { name: "qrcode", path: /node_modules\/qrcode\// },
  { name: "mime-types", path: /node_modules\/mime-types\// },
  { name: "@sindresorhus/slugify", path: /node_modules\/@sindresorhus\/slugify\// },
  { name: "@scure/bip39", path: /node_modules\/@scure\/bip39\// },
  { name: "cronstrue", path: /node_modules\/cronstrue\// },
  { name: "cron-parser", path: /node_modules\/cron-parser\// },
  { name: "semver", path: /node_modules\/semver\// },
  { name: "entities", path: /node_modules\/entities\// },
  { name: "jsondiffpatch", path: /node_modules\/jsondiffpatch\// },
  { name: "smol-toml", path: /node_modules\/smol-toml\// },
  { name: "bowser", path: /node_modules\/bowser\// },
  { name: "ibantools", path: /node_modules\/ibantools\// },
  { name: "otpauth", path: /node_modules\/otpauth\// },
  { name: "ulid", path: /node_modules\/ulid\// },
  // Also loaded on first use since issue 12: yaml ≈ 50 ms, papaparse ≈ 20 ms, re2js ≈ 18 ms of a start.
  { name: "yaml", path: /node_modules\/yaml\// },
  { name: "papaparse", path: /node_modules\/papaparse\// },
  { name: "re2js", path: /node_modules\/re2js\// },
  // ajv's draft 2020-12 build, which only the JSON Schema validator tool uses (the server's own ajv is draft-07): ≈ 10–15 ms.
  { name: "ajv/dist/2020", path: /node_modules\/ajv\/dist\/2020\.js/ },
];
const dirs: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "fast-start-"));
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Wall and CPU milliseconds from spawning `tsx adapters/main.ts` (what `npm start` runs) to its "Listening on" line. */
async function startCost(): Promise<{ wallMs: number; cpuMs: number | undefined }> {
  const started = performance.now();
  const server = await startServerProcess({ DATA_DIR: tempDir(), LOG_LEVEL: "silent" });
  const wallMs = performance.now() - started;
  const cpuMs = canReadProcessCpu() && server.child.pid ? treeCpuMs(server.child.pid) : undefined;
  // SIGTERM, not SIGKILL: the tsx wrapper relays it to the real server process, which a SIGKILL would orphan.
  server.child.kill("SIGTERM");
  await server.exited;
  return { wallMs, cpuMs };
}

/** Starts the server in a child under an import recorder; resolves every module path it loaded (ESM and CommonJS). */
function modulesLoadedByStart(): Promise<string[]> {
  const dir = tempDir();
  const log = join(dir, "imports.log");
  const args = ["--import", "tsx", "--import", join(TESTING, "register-import-recorder.mjs"), join(TESTING, "start-and-list-modules.ts")];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd: ROOT, env: childEnv({ IMPORT_LOG: log, DATA_DIR: dir }), timeout: 180_000 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`${error.message}\n${stderr}`));
      const { cjs } = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as { cjs: string[] };
      const esm = readFileSync(log, "utf8").split("\n").filter(Boolean).map((url) => decodeURI(url));
      resolve([...esm, ...cjs]);
    });
  });
}

describe("fast start", () => {
  it("reaches \"Listening on\" with a small CPU budget", async () => {
    // Two runs, the best counted: the first also fills tsx's transform cache, as any earlier start would have.
    const runs = [await startCost(), await startCost()];
    console.log(`npm start's entry to "Listening on": ${runs.map((run) => `${Math.round(run.wallMs)} ms wall, ` +
      `${run.cpuMs ?? "n/a"} ms CPU`).join("; ")} (load ${readFileSync("/proc/loadavg", "utf8").split(" ")[0]})`);
    // Wall time is for the record: on a shared machine it measures the neighbours. The bench's start-up target
    // (median of 3 starts of the compiled server < 1 s) judges it; the CPU a start spends is judged here.
    if (!canReadProcessCpu()) return;
    expect(Math.min(...runs.map((run) => run.cpuMs as number))).toBeLessThan(START_CPU_BUDGET_MS);
  }, 240_000);

  it("imports none of the heavy tool libraries while starting", async () => {
    const loaded = await modulesLoadedByStart();
    // The recorder works: the catalog and a light tool library did load.
    expect(loaded.some((path) => path.endsWith("/adapters/tools/index.ts"))).toBe(true);
    expect(loaded.some((path) => path.includes("/node_modules/ajv/"))).toBe(true);
    const eager = HEAVY.filter(({ path }) => loaded.some((module) => path.test(module))).map(({ name }) => name);
    expect(eager).toEqual([]);
  }, 240_000);
});
