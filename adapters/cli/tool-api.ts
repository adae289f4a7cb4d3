#!/usr/bin/env node
// The package's one command: `tool-api serve | keys … | conformance … | mcp … | --version`. Each loads only what it needs.
const USAGE = `Usage:
  tool-api serve                 serve the API (PORT, HOST, DATA_DIR, REDIS_URL, … as npm start)
  tool-api keys <command> …      create, list, revoke, … API keys (tool-api keys --help)
  tool-api conformance [flags]   run the contract suite against a deployment (tool-api conformance --help)
  tool-api mcp [--base-url URL]  serve the tools to an AI agent over MCP on stdio (tool-api mcp --help)
  tool-api --version             print this package's version`;

const [command, ...rest] = process.argv.slice(2);
if (command === "serve") {
  await import("../main.ts");
} else if (command === "keys") {
  process.exit(await (await import("./keys.ts")).runKeysCommand(rest));
} else if (command === "mcp") {
  process.exit(await (await import("../mcp/mcp-stdio.ts")).runMcpCommand(rest));
} else if (command === "--version" || command === "-v") {
  process.stdout.write(`${(await import("../package-version.ts")).packageVersion()}\n`);
} else if (command === "conformance") {
  process.exitCode = await (await import("../../conformance/main.ts")).main(rest);
} else {
  process.stderr.write(`${USAGE}\n`);
  process.exitCode = command === "--help" || command === "-h" ? 0 : 2;
}
