import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { ApiKeySummary } from "../../domain/api-key-summary.ts";
import { escapeDisplayName as shown, unsafeKindOf } from "../../domain/display-name.ts";
import { loadConfig } from "../config.ts";
import { TOKENS } from "../container.ts";
import { buildToolCore } from "../core/create-tool-core.ts";
import { DataDirError } from "../storage/lmdb/data-dir-error.ts";
import { openStorage } from "../storage/open-storage.ts";
import { markingStorage } from "../storage/store-identity-storage.ts";
import { SystemClock } from "../system.ts";
import { InlineToolRunner } from "../tools/inline-tool-runner.ts";

const USAGE = `Usage:
  keys create --name NAME [--env ENV] [--limit N] [--window SECONDS] [--expires-in SECONDS]
              [--tools ID,ID] [--categories CAT,CAT] [--workspace ID] [--json | --secret-only]
  keys list [--json]
  keys revoke ID
  keys rotate ID [--grace SECONDS] [--json]
  keys update ID [--name NAME] [--limit N] [--window SECONDS] [--json]`;

/** Thrown for a usage or input problem: printed without a stack, exit code 2. */
class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      name: { type: "string" },
      env: { type: "string" },
      limit: { type: "string" },
      window: { type: "string" },
      "expires-in": { type: "string" },
      tools: { type: "string" },
      categories: { type: "string" },
      workspace: { type: "string" },
      grace: { type: "string" },
      json: { type: "boolean", default: false },
      // The secret alone on stdout, for `export TOOL_API_KEY=$(… create --secret-only)` without a JSON tool.
      "secret-only": { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const [command, ...rest] = positionals;
  // Asked for: the usage is the answer (stdout, 0); a missing command is a usage error (stderr, 2).
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (!command) throw new UsageError(USAGE);
  const loaded = loadConfig(process.env);
  if (!loaded.ok) throw new UsageError(`Invalid configuration:\n  ${loaded.error.join("\n  ")}`);
  const config = loaded.value;
  const clock = new SystemClock();
  // Its changes raise the store's marker as a server's do, so a restore that undoes them is noticed.
  const storage = markingStorage(await openStorage(config, clock));
  try {
    // Key management only: no tools, so no schema is compiled and no tool library is loaded.
    const core = buildToolCore({
      storage, clock, tools: [], runner: new InlineToolRunner(), env: config.appEnv, encryptionKeys: config.encryptionKeys,
      defaultLimit: { limit: config.defaultPolicy.limit, windowSeconds: config.defaultPolicy.windowMs / 1000 },
      // Its events are written to the store's outbox with the change; a running server sends them.
      events: { dispatch: false },
    });
    const { container } = core.services;
    if (command === "create") {
      const result = await container.get(TOKENS.createKey).execute({
        name: values.name ?? "",
        env: values.env ?? config.appEnv,
        limit: toNumber("--limit", values.limit),
        windowSeconds: toNumber("--window", values.window),
        expiresInSeconds: toNumber("--expires-in", values["expires-in"]),
        scopes: toScopes(values.tools, values.categories),
        workspaceId: values.workspace ?? null,
      });
      if (!result.ok) throw new UsageError(describe(result.error));
      const { key, secret } = result.value;
      if (values["secret-only"]) process.stdout.write(`${secret}\n`);
      else print(values.json, { ...key, secret }, () =>
        `Created ${key.id} (${shown(key.name)}, ${key.env}, ${key.limit}/${key.windowSeconds}s)\n\n  ${secret}\n\nStore this secret now: it is shown only once.`);
      return 0;
    }
    if (command === "list") {
      const keys = await container.get(TOKENS.listKeys).execute();
      print(values.json, keys, () => toTable(keys));
      return 0;
    }
    if (command === "revoke" && rest.length === 1) {
      const result = await container.get(TOKENS.revokeKey).execute({ id: rest[0] });
      if (!result.ok) throw new UsageError(describe(result.error));
      print(values.json, result.value, () => `Revoked ${result.value.id} (${shown(result.value.name)}).`);
      return 0;
    }
    if (command === "rotate" && rest.length === 1) {
      const result = await container.get(TOKENS.rotateKey).execute({ id: rest[0], graceSeconds: toNumber("--grace", values.grace) });
      if (!result.ok) throw new UsageError(describe(result.error));
      const { key, secret, previousSecretExpiresAt } = result.value;
      print(values.json, { ...key, secret, previousSecretExpiresAt }, () =>
        `Rotated ${key.id} (${shown(key.name)})\n\n  ${secret}\n\nStore this secret now: it is shown only once.\n` +
        `The previous secret ${previousSecretExpiresAt ? `works until ${previousSecretExpiresAt}` : "no longer works"}.`);
      return 0;
    }
    if (command === "update" && rest.length === 1) {
      const result = await container.get(TOKENS.updateKey).execute({
        id: rest[0], name: values.name, limit: toNumber("--limit", values.limit), windowSeconds: toNumber("--window", values.window),
      });
      if (!result.ok) throw new UsageError(describe(result.error));
      const key = result.value;
      print(values.json, key, () => `Updated ${key.id} (${shown(key.name)}, ${key.limit}/${key.windowSeconds}s)`);
      return 0;
    }
    throw new UsageError(USAGE);
  } finally {
    await storage.close();
  }
}

function toNumber(flag: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw new UsageError(`${flag} must be a positive integer`);
  return Number(raw);
}

/** Comma-separated lists; no flag at all means an unscoped key. */
function toScopes(tools: string | undefined, categories: string | undefined) {
  if (tools === undefined && categories === undefined) return null;
  const split = (raw: string | undefined) => (raw === undefined ? [] : raw.split(",").map((v) => v.trim()).filter((v) => v !== ""));
  return { tools: split(tools), categories: split(categories) };
}

function describe(error: { message: string; details?: readonly { path: string; message: string }[] }): string {
  const flags: Record<string, string> = {
    "/name": "--name", "/env": "--env", "/limit": "--limit/--window", "/windowSeconds": "--window", "/expiresInSeconds": "--expires-in",
    "/graceSeconds": "--grace", "/scopes": "--tools/--categories", "/scopes/tools": "--tools", "/scopes/categories": "--categories",
  };
  // Messages can quote what was typed (an id), so they are escaped like names.
  return error.details ? error.details.map((d) => `${flags[d.path] ?? d.path} ${shown(d.message)}`).join("\n") : shown(error.message);
}

function print(json: boolean | undefined, value: unknown, text: () => string): void {
  process.stdout.write(`${json ? toTerminalJson(value) : text()}\n`);
}

/**
 * JSON.stringify escapes C0 and lone surrogates but writes DEL, C1 (U+009B is a CSI to some terminals) and bidi
 * overrides raw; those appear only inside strings, so a \uXXXX escape parses back to the same value.
 */
function toTerminalJson(value: unknown): string {
  let json = "";
  for (const char of JSON.stringify(value)) {
    const codePoint = char.codePointAt(0) as number;
    json += unsafeKindOf(codePoint) ? `\\u${codePoint.toString(16).padStart(4, "0")}` : char;
  }
  return json;
}

function toTable(keys: readonly ApiKeySummary[]): string {
  if (keys.length === 0) return "No keys yet. Create one with: npm run -s keys -- create --name NAME";
  const rows = keys.map((k) => [
    k.id, k.name, k.env, k.prefix, k.status, `${k.limit}/${k.windowSeconds}s`, k.expiresAt ?? "never", k.createdAt, k.lastUsedAt ?? "never",
  ].map(shown));
  const header = ["ID", "NAME", "ENV", "PREFIX", "STATUS", "LIMIT", "EXPIRES", "CREATED", "LAST USED"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  return [header, ...rows].map((r) => r.map((cell, i) => cell.padEnd(widths[i])).join("  ").trimEnd()).join("\n");
}

/** `keys …`: runs one command and returns the exit code (2 for a usage or input problem), printing any error. */
export async function runKeysCommand(argv: string[]): Promise<number> {
  try {
    return await main(argv);
  } catch (error) {
    const usage = error instanceof UsageError || error instanceof TypeError;
    // A DATA_DIR it cannot use is the operator's to fix: one line, as `tool-api serve` says it.
    if (error instanceof DataDirError) process.stderr.write(`Cannot start: ${error.message}\n`);
    else process.stderr.write(`${usage ? (error as Error).message : String(error)}\n`);
    return usage ? 2 : 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(await runKeysCommand(process.argv.slice(2)));
}
