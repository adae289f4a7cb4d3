// What each MCP client does with the configuration it is given, written down from its published documentation, so a
// test can tell whether a snippet of ours really sends `Authorization: Bearer <key>` once that client has read it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "shell-quote";

const ROOT = join(import.meta.dirname, "..", "..", "..");

/** A variable's name as POSIX shells and these clients spell it. */
const NAME = "[A-Za-z_][A-Za-z0-9_]*";

/**
 * Claude Code, https://code.claude.com/docs/en/mcp, "Environment variable expansion in .mcp.json": `${VAR}` and
 * `${VAR:-default}` in `command`, `args`, `env`, `url` and `headers`. Nothing else: a bare `$VAR` stays as written,
 * and so does an unset `${VAR}` without a default.
 */
export function expandClaudeCode(text: string, env: Readonly<Record<string, string>>): string {
  return text.replace(new RegExp(`\\$\\{(${NAME})(?::-([^}]*))?\\}`, "g"), (whole, name: string, fallback?: string) => env[name] ?? fallback ?? whole);
}

/** Cursor, https://cursor.com/docs/context/mcp, "Config interpolation": `${env:NAME}` in the same five fields. */
export function expandCursor(text: string, env: Readonly<Record<string, string>>): string {
  return text.replace(new RegExp(`\\$\\{env:(${NAME})\\}`, "g"), (whole, name: string) => env[name] ?? whole);
}

/** One entry of VS Code's `inputs` (https://code.visualstudio.com/docs/copilot/reference/mcp-configuration). */
export interface VsCodeInput {
  readonly type: string;
  readonly id: string;
  readonly password?: boolean;
}

/**
 * VS Code: `${input:id}` is what the person typed at the prompt of the `inputs` entry with that id; a reference to an
 * id not declared there is never filled in. `answers` are the prompts' answers by id.
 */
export function expandVsCode(text: string, inputs: readonly VsCodeInput[], answers: Readonly<Record<string, string>>): string {
  return text.replace(/\$\{input:([^}]+)\}/g, (whole, id: string) =>
    (inputs.some((input) => input.id === id && input.type === "promptString") ? answers[id] ?? whole : whole));
}

/**
 * mcp-remote (https://www.npmjs.com/package/mcp-remote, "Custom headers"): each `--header Name:value` is sent with
 * `${VAR}` in its value taken from the process's environment (the client's `env` block). Returns the headers it sends.
 */
export function mcpRemoteHeaders(args: readonly string[], env: Readonly<Record<string, string>>): Record<string, string> {
  const headers: Record<string, string> = {};
  args.forEach((arg, index) => {
    if (arg !== "--header") return;
    const raw = args[index + 1] ?? "";
    const colon = raw.indexOf(":");
    if (colon < 1) return;
    headers[raw.slice(0, colon).trim()] = raw.slice(colon + 1).replace(new RegExp(`\\$\\{(${NAME})\\}`, "g"), (whole, name: string) => env[name] ?? whole).trim();
  });
  return headers;
}

/** `claude mcp add …` read as the shell hands it over (POSIX quoting, with the shell's own `$VAR` expansion). */
export interface ClaudeMcpAdd {
  readonly name: string;
  readonly url: string;
  readonly transport?: string;
  readonly scope?: string;
  /** Each `--header` as Claude Code receives it, i.e. as it is written to the configuration. */
  readonly headers: string[];
}

/** Tokenizes one shell command line as bash would, expanding the variables of `shellEnv`, and reads `claude mcp add`. */
export function parseClaudeMcpAdd(command: string, shellEnv: Readonly<Record<string, string>>): ClaudeMcpAdd {
  const words = parse(command, shellEnv);
  if (!words.every((word): word is string => typeof word === "string")) throw new Error(`not one plain command: ${command}`);
  if (words.slice(0, 3).join(" ") !== "claude mcp add") throw new Error(`not claude mcp add: ${command}`);
  const options: Record<string, string[]> = {};
  const positionals: string[] = [];
  for (let index = 3; index < words.length; index++) {
    const word = words[index];
    if (word.startsWith("--")) (options[word] ??= []).push(words[++index] ?? "");
    else positionals.push(word);
  }
  const [name, url, ...rest] = positionals;
  if (!name || !url || rest.length) throw new Error(`expected <name> <url>: ${command}`);
  return { name, url, transport: options["--transport"]?.[0], scope: options["--scope"]?.[0], headers: options["--header"] ?? [] };
}

/** The path of the `tool-api` bin inside this package, from package.json's `bin` (e.g. `dist/adapters/cli/tool-api.js`). */
export function toolApiBin(): string {
  const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { name: string; bin: Record<string, string> };
  return join("node_modules", manifest.name, manifest.bin["tool-api"]);
}

/** A fenced block right under `<!-- mcp-client NAME -->` in a Markdown text. */
export function mcpClientBlock(markdown: string, name: string): { lang: string; body: string } {
  const match = new RegExp(`^<!-- mcp-client ${name} -->\\n\`\`\`(\\w+)\\n([\\s\\S]*?)\\n\`\`\`$`, "m").exec(markdown);
  if (!match) throw new Error(`no block under <!-- mcp-client ${name} -->`);
  return { lang: match[1], body: match[2] };
}
