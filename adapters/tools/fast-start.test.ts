import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServerProcess } from "../testing/process.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const TESTING = join(import.meta.dirname, "testing");
/** Generous for a loaded 2-core machine, yet well below what eager imports of the heavy libraries would cost. */
const START_BUDGET_MS = 6000;
/** The libraries the catalog says must load on first use only (shared/catalog.md §2, "Lazy loading"). */
const HEAVY = [
  { name: "mathjs", path: /node_modules\/mathjs\// },
  { name: "figlet", path: /node_modules\/figlet\// },
  { name: "bwip-js", path: /node_modules\/bwip-js\// },
  { name: "libphonenumber-js/max", path: /node_modules\/libphonenumber-js\/(max\/|metadata\.max\.json)/ },
  { name: "oui-data", path: /node_modules\/oui-data\// },
  { name: "@zxcvbn-ts/language-common", path: /node_modules\/@zxcvbn-ts\/language-common\// },
  { name: "@zxcvbn-ts/language-en", path: /node_modules\/@zxcvbn-ts\/language-en\// },
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

/** Starts the server in a child under an import recorder; resolves every module path it loaded (ESM and CommonJS). */
function modulesLoadedByStart(): Promise<string[]> {
  const dir = tempDir();
  const log = join(dir, "imports.log");
  const args = ["--import", "tsx", "--import", join(TESTING, "register-import-recorder.mjs"), join(TESTING, "start-and-list-modules.ts")];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd: ROOT, env: { ...process.env, IMPORT_LOG: log, DATA_DIR: dir }, timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`${error.message}\n${stderr}`));
      const { cjs } = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as { cjs: string[] };
      const esm = readFileSync(log, "utf8").split("\n").filter(Boolean).map((url) => decodeURI(url));
      resolve([...esm, ...cjs]);
    });
  });
}

describe("fast start", () => {
  it(`prints "Listening on" within ${START_BUDGET_MS} ms of spawning npm start's entry`, async () => {
    const started = performance.now();
    const server = await startServerProcess({ DATA_DIR: tempDir(), LOG_LEVEL: "silent" });
    const elapsed = performance.now() - started;
    server.child.kill("SIGKILL");
    await server.exited;
    console.log(`time to "Listening on" (tsx adapters/main.ts, PORT=0): ${Math.round(elapsed)} ms`);
    expect(elapsed).toBeLessThan(START_BUDGET_MS);
  }, 30_000);

  it("imports none of the heavy tool libraries while starting", async () => {
    const loaded = await modulesLoadedByStart();
    // The recorder works: the catalog and a light tool library did load.
    expect(loaded.some((path) => path.endsWith("/adapters/tools/index.ts"))).toBe(true);
    expect(loaded.some((path) => path.includes("/node_modules/ajv/"))).toBe(true);
    const eager = HEAVY.filter(({ path }) => loaded.some((module) => path.test(module))).map(({ name }) => name);
    expect(eager).toEqual([]);
  }, 90_000);
});
