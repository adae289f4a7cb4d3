import { loadConfig } from "../config.ts";
import { DataDirError } from "../storage/lmdb/data-dir-error.ts";
import type { McpToolbox } from "./mcp-server.ts";
import { createMcpServer } from "./mcp-server.ts";
import { LineTransport } from "./stdio-lines.ts";

const USAGE = `Usage:
  tool-api mcp                   MCP over stdio, tools run in this process (embedded store under DATA_DIR, no key)
  tool-api mcp --base-url URL    MCP over stdio, every call forwarded to that deployment with TOOL_API_KEY`;

/** An open toolbox and what closes it. */
interface Opened {
  readonly toolbox: McpToolbox;
  close(): Promise<void>;
}

/**
 * `tool-api mcp`: serves MCP on stdin/stdout until stdin ends. Stdout carries protocol messages only: every other
 * line goes to stderr. Returns the exit code.
 */
export async function runMcpCommand(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) return say(USAGE, 0);
  const at = args.indexOf("--base-url");
  const baseUrl = at === -1 ? undefined : args[at + 1];
  if ((at !== -1 && !baseUrl) || args.length !== (at === -1 ? 0 : 2)) return say(USAGE, 2);
  // Anything a library logs through console.log would corrupt the protocol stream.
  console.log = console.error;
  console.info = console.error;
  const opened = baseUrl ? await openRemote(baseUrl, env) : await openLocal(env);
  if (typeof opened === "number") return opened;
  const server = createMcpServer(opened.toolbox);
  await server.connect(new LineTransport());
  await new Promise<void>((resolve) => {
    process.stdin.once("end", resolve);
    process.stdin.once("close", resolve);
    process.once("SIGTERM", resolve);
    process.once("SIGINT", resolve);
  });
  await server.close();
  await opened.close();
  return 0;
}

async function openLocal(env: NodeJS.ProcessEnv): Promise<Opened | number> {
  const loaded = loadConfig(env);
  if (!loaded.ok) return say(`Invalid configuration:\n  ${loaded.error.join("\n  ")}`, 78);
  const [{ createToolCore }, { openEmbeddedStorage }, { coreToolbox, localCaller }] = await Promise.all([
    import("../core/create-tool-core.ts"), import("../storage/open-storage.ts"), import("./core-toolbox.ts"),
  ]);
  const { dataDir, appEnv, encryptionKeys } = loaded.value;
  let storage;
  try {
    storage = openEmbeddedStorage(dataDir);
  } catch (error) {
    // A DATA_DIR it cannot use (a read-only directory, say) is the operator's to fix: one line, no stack.
    if (error instanceof DataDirError) return say(`Cannot start: ${error.message}`, 1);
    throw error;
  }
  const core = await createToolCore({ storage, env: appEnv, encryptionKeys, runner: "workers", onError: (error) => console.error(error) });
  process.stderr.write(
    `tool-api mcp: a local tool box: tools run in this process (embedded store under ${dataDir}); no key is checked and ` +
      "nothing is counted. Use --base-url URL (with TOOL_API_KEY) to call a deployment with its keys and limits.\n",
  );
  return { toolbox: coreToolbox(core, localCaller(appEnv)), close: () => core.close() };
}

async function openRemote(baseUrl: string, env: NodeJS.ProcessEnv): Promise<Opened | number> {
  const apiKey = env.TOOL_API_KEY;
  if (!apiKey) return say("tool-api mcp --base-url: set TOOL_API_KEY to the deployment's API key.", 2);
  const [{ ToolClient }, { clientToolbox }, { tools }] = await Promise.all([
    import("../../client/src/index.ts"), import("./client-toolbox.ts"), import("../tools/index.ts"),
  ]);
  let client;
  try {
    client = new ToolClient({ baseUrl, apiKey });
  } catch (error) {
    return say(`tool-api mcp --base-url: ${(error as Error).message}`, 2);
  }
  process.stderr.write(`tool-api mcp: forwarding every call to ${baseUrl} with TOOL_API_KEY; its limits and scopes apply.\n`);
  return { toolbox: clientToolbox(client, tools), close: async () => {} };
}

function say(text: string, code: number): number {
  process.stderr.write(`${text}\n`);
  return code;
}
