import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The Dredd release this engine is built and tested against. */
export const DREDD_VERSION = "14.1.0";

/** How to get Dredd where the engine finds it; said whenever it is missing. */
export const INSTALL_DREDD = `npm install --save-dev --save-exact dredd@${DREDD_VERSION}`;

/** Dredd's command (run with this Node) and the version found. */
export interface DreddCommand {
  readonly bin: string;
  readonly version: string;
}

/** Where Dredd is looked for: beside this package (its own node_modules or its consumer's), then the working directory. */
export const DEFAULT_SEARCH = [fileURLToPath(import.meta.url), join(process.cwd(), "package.json")] as const;

/**
 * Finds an installed Dredd by Node's own resolution from each of `from` (file paths) in turn; undefined when none
 * resolves. Dredd is a development dependency of this package, so embedders who install it for its core never
 * get it: the engine then says how to install it (INSTALL_DREDD).
 */
export function findDredd(from: readonly string[] = DEFAULT_SEARCH): DreddCommand | undefined {
  for (const origin of from) {
    let manifest: string;
    try {
      manifest = createRequire(origin).resolve("dredd/package.json");
    } catch {
      continue;
    }
    const pkg = JSON.parse(readFileSync(manifest, "utf8")) as { version?: string; bin?: string | Record<string, string> };
    const bin = typeof pkg.bin === "string" ? pkg.bin : pkg.bin?.dredd;
    if (bin) return { bin: join(dirname(manifest), bin), version: String(pkg.version) };
  }
  return undefined;
}
