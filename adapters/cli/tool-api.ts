#!/usr/bin/env node
// The package's one command: `tool-api serve | keys … | conformance … | mcp … | migrate | export | import | store … | secrets … | --version`. Each loads only what it needs.
import { enableCompileCache } from "../compile-cache.ts";

const USAGE = `Usage:
  tool-api serve [--workers N]   serve the API (PORT, HOST, DATA_DIR, REDIS_URL, … as npm start); --workers N|auto
                                 runs N server processes on one port (WORKERS)
  tool-api keys <command> …      create, list, revoke, … API keys (tool-api keys --help)
  tool-api conformance [flags]   run the contract suite against a deployment (tool-api conformance --help)
  tool-api mcp [--base-url URL]  serve the tools to an AI agent over MCP on stdio (tool-api mcp --help)
  tool-api migrate               bring the PostgreSQL schema (DATABASE_URL) to this release and print its version
  tool-api export [--output FILE]  every record of the configured store as JSON Lines (tool-api export --help)
  tool-api import [--input FILE]   write an export into the configured store (tool-api import --help)
  tool-api store <command>       status | accept-restore: serve a store a server refused as having lost data
  tool-api secrets <command>     status | reseal: count, or reseal with ENCRYPTION_KEY's first key, the stored TOTP and
                                 webhook signing secrets (tool-api secrets --help)
  tool-api --version             print this package's version`;

enableCompileCache();

/** The subcommands that run to their end and exit with their code, each module loaded only when it is called. */
const EXITING_COMMANDS = new Map<string, () => Promise<(args: string[]) => Promise<number>>>([
  ["keys", async () => (await import("./keys.ts")).runKeysCommand],
  ["mcp", async () => (await import("../mcp/mcp-stdio.ts")).runMcpCommand],
  ["migrate", async () => (await import("./migrate.ts")).runMigrateCommand],
  ["export", async () => (await import("./export.ts")).runExportCommand],
  ["import", async () => (await import("./import.ts")).runImportCommand],
  ["store", async () => (await import("./store.ts")).runStoreCommand],
  ["secrets", async () => (await import("./secrets.ts")).runSecretsCommand],
]);
const exiting = EXITING_COMMANDS.get(process.argv[2] ?? "");

const [command, ...rest] = process.argv.slice(2);
if (command === "serve") {
  const workers = serveWorkers(rest);
  if (workers === undefined) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  if (workers !== null) process.env.WORKERS = workers;
  await import("../main.ts");
} else if (exiting) {
  process.exit(await (await exiting())(rest));
} else if (command === "--version" || command === "-v") {
  process.stdout.write(`${(await import("../package-version.ts")).packageVersion()}\n`);
} else if (command === "conformance") {
  process.exitCode = await (await import("../../conformance/main.ts")).main(rest);
} else {
  process.stderr.write(`${USAGE}\n`);
  process.exitCode = command === "--help" || command === "-h" ? 0 : 2;
}

/** `--workers N` or `--workers=N` (checked with the rest of the configuration); null: not given; undefined: a bad flag. */
function serveWorkers(args: readonly string[]): string | null | undefined {
  if (args.length === 0) return null;
  const [flag, value] = args[0].includes("=") ? args[0].split(/=(.*)/s) : [args[0], args[1]];
  const used = args[0].includes("=") ? 1 : 2;
  return flag === "--workers" && value !== undefined && args.length === used ? value : undefined;
}
