import type { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { type Config, loadConfig } from "../config.ts";

/** What a command of one optional file flag (export's --output, import's --input) starts from, or its exit code. */
export type FileCommandStart = { readonly ok: true; readonly file: string | undefined; readonly config: Config } | { readonly ok: false; readonly code: number };

/**
 * Reads `--<flag> FILE` (or `-<short> FILE`) and `--help`, then the configuration from the environment: exit 0 after
 * the usage for --help, 2 with the usage on a bad flag or with each problem of an invalid configuration.
 */
export function startFileCommand(argv: readonly string[], flag: { readonly name: string; readonly short: string }, usage: string, out: Writable, err: Writable): FileCommandStart {
  let file: string | undefined;
  try {
    const options = { [flag.name]: { type: "string", short: flag.short }, help: { type: "boolean", short: "h" } } as const;
    const { values } = parseArgs({ args: [...argv], strict: true, options });
    if (values.help) {
      out.write(`${usage}\n`);
      return { ok: false, code: 0 };
    }
    file = values[flag.name] as string | undefined;
  } catch (error) {
    err.write(`${(error as Error).message}\n${usage}\n`);
    return { ok: false, code: 2 };
  }
  const config = loadCommandConfig(err);
  return config ? { ok: true, file, config } : { ok: false, code: 2 };
}

/** The configuration from the environment, or undefined after writing each problem to `err` (the command exits 2). */
export function loadCommandConfig(err: Writable): Config | undefined {
  const loaded = loadConfig(process.env);
  if (loaded.ok) return loaded.value;
  err.write(`Invalid configuration:\n  ${loaded.error.join("\n  ")}\n`);
  return undefined;
}
