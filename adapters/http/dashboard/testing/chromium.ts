import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { RunningServer } from "../../../server.ts";
import { type RealServerOptions, useRealServer } from "./real-server.ts";

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

/** What differs between the Chromium end-to-end files: as for useRealServer. */
export type ServerWithBrowserOptions = RealServerOptions;

/** The running server and browser, readable once beforeAll has run. */
export interface ServerWithBrowser {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/**
 * Registers beforeAll/afterAll hooks that start a real server on 127.0.0.1 over a fresh data directory (useRealServer)
 * and launch Chromium, then close both. Read `server` and `browser` inside tests, not at module level.
 */
export function useServerWithBrowser(options: ServerWithBrowserOptions = {}): ServerWithBrowser {
  const running = useRealServer({ dataDirPrefix: "e2e-", ...options });
  let browser: Browser | undefined;
  // Installing Chromium on a fresh CI machine can take minutes.
  beforeAll(async () => {
    browser = await launchChromium();
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get server() {
      return running.server;
    },
    get browser() {
      if (!browser) throw new Error("Chromium is not running: read it inside a test, after beforeAll");
      return browser;
    },
  };
}
