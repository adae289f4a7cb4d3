import { createRequire } from "node:module";
import type Bowser from "bowser";

// Loaded on the first sessions list, not at start-up (adapters/tools/fast-start.test.ts).
let loaded: typeof Bowser | undefined;
const bowser = (): typeof Bowser => (loaded ??= createRequire(import.meta.url)("bowser") as typeof Bowser);

/**
 * A User-Agent as people name their browsers ("Chrome 131 on macOS"), as the consoles' session lists show them; the
 * raw text when the parser knows neither the browser nor the system.
 */
export function browserName(userAgent: string): string {
  const { browser, os } = bowser().parse(userAgent);
  const name = [browser.name, browser.version?.split(".")[0]].filter(Boolean).join(" ");
  const system = [os.name, os.versionName].filter(Boolean).join(" ");
  if (!name && !system) return userAgent;
  return name && system ? `${name} on ${system}` : name || system;
}
