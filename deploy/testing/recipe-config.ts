import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseAllDocuments } from "yaml";
import { type Config, loadConfig } from "../../adapters/config.ts";
import { ROOT } from "./dockerfile.ts";

export const DEPLOY = join(ROOT, "deploy");

/** The server's settings from a recipe's variables; throws with the problems the server would stop on. */
export function loadAs(env: Record<string, string>): Config {
  const loaded = loadConfig(env);
  if (!loaded.ok) throw new Error(`the server would refuse these variables: ${loaded.error.join("; ")}`);
  return loaded.value;
}

/** `${NAME}`, `${NAME:-default}` and `${NAME:?message}` as Compose substitutes them from `env` (a missing required one throws). */
export function interpolate(text: string, env: Record<string, string>): string {
  return text.replace(/\$\{(\w+)(?:(:-|:\?)([^}]*))?\}/g, (_whole, name: string, operator: string | undefined, word: string | undefined) => {
    const value = env[name];
    if (value !== undefined && value !== "") return value;
    if (operator === ":?") throw new Error(`compose would refuse to start: ${word}`);
    return word ?? "";
  });
}

/** Every document of every manifest in deploy/kubernetes, as YAML gives it, with its file's text beside it. */
export function readManifests() {
  const folder = join(DEPLOY, "kubernetes");
  return readdirSync(folder).filter((file) => file.endsWith(".yaml")).flatMap((file) => {
    const text = readFileSync(join(folder, file), "utf8");
    return parseAllDocuments(text).map((parsed) => ({ document: parsed.toJS(), text }));
  });
}

/** A Kubernetes memory quantity (`768Mi`, `1Gi`, `512M`) in MiB. */
export function toMebibytes(quantity: string): number {
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|K|M|G)?$/.exec(quantity);
  if (!match) throw new Error(`not a memory quantity: ${quantity}`);
  const bytes = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, K: 1e3, M: 1e6, G: 1e9 }[match[2] ?? ""] ?? 1;
  return (Number(match[1]) * bytes) / 2 ** 20;
}
