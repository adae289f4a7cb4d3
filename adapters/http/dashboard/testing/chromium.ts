import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { loadConfig } from "../../../config.ts";
import { createLogger } from "../../../logger.ts";
import { loadPacks } from "../../../packs/load-packs.ts";
import { type RunningServer, type ServerOptions, startServer } from "../../../server.ts";
import { InlineToolRunner } from "../../../tools/inline-tool-runner.ts";

/** Debian's Chromium: this project never downloads a browser build of its own. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
] as const;

/**
 * The Chromium binary, installed with apt-get when it is missing and this process may (root, as on CI machines).
 * Throws with the command to run when it cannot be found or installed.
 */
export function findChromium(): string {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  if (process.getuid?.() === 0) {
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    spawnSync("apt-get", ["update", "-qq"], { stdio: "ignore", env, timeout: 300_000 });
    spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "ignore", env, timeout: 600_000 });
    if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  }
  throw new Error(`Chromium is not installed at ${CHROMIUM_PATH}: run apt-get update && apt-get install -y chromium`);
}

/** Launches headless Chromium with the flags that keep it off the network and quiet in CI. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), args: [...CHROMIUM_ARGS], headless: true });
}

/** What differs between the Chromium end-to-end files: startServer's options, config variables and packs. */
export type ServerWithBrowserOptions = Omit<ServerOptions, "packs"> & {
  /** Prefix of the fresh temporary DATA_DIR, so a leftover directory names the file that made it. */
  readonly dataDirPrefix?: string;
  /** Config variables added to HOST=127.0.0.1, PORT=0, DATA_DIR and LOG_LEVEL=silent (webhooks: WEBHOOK_ALLOW_PRIVATE). */
  readonly env?: Readonly<Record<string, string>>;
  /** Pack specifiers as TOOL_PACKS lists them, loaded in beforeAll. */
  readonly packSpecifiers?: readonly string[];
};

/** The running server and browser, readable once beforeAll has run. */
export interface ServerWithBrowser {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/**
 * Registers beforeAll/afterAll hooks that start a real server on 127.0.0.1 over a fresh data directory and launch
 * Chromium, then close both and remove the directory. Read `server` and `browser` inside tests, not at module level.
 */
export function useServerWithBrowser(options: ServerWithBrowserOptions = {}): ServerWithBrowser {
  const { dataDirPrefix = "e2e-", env = {}, packSpecifiers, ...serverOptions } = options;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let dataDir: string | undefined;

  // Installing Chromium on a fresh CI machine can take minutes.
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), dataDirPrefix));
    const config = loadConfig({ ...env, HOST: "127.0.0.1", PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    if (!config.ok) throw new Error(config.error.join("; "));
    const packs = packSpecifiers ? await loadPacks(packSpecifiers) : undefined;
    // Tools run inline: these tests never call an isolated tool, and a pool would warm three processes for nothing.
    server = await startServer(config.value, { logger: createLogger("silent"), runner: new InlineToolRunner(), ...serverOptions, packs });
    browser = await launchChromium();
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    get server() {
      if (!server) throw new Error("the server is not running: read it inside a test, after beforeAll");
      return server;
    },
    get browser() {
      if (!browser) throw new Error("Chromium is not running: read it inside a test, after beforeAll");
      return browser;
    },
  };
}
