import { readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..", "..");

/** A fenced block of the README's walkthrough: the one right under `<!-- walkthrough step N … -->`. */
export interface WalkthroughStep {
  readonly number: number;
  readonly lang: string;
  readonly body: string;
}

/** The text of a Markdown file of this repository (path from the project root). */
export function readMarkdown(path = "README.md"): string {
  return readFileSync(join(ROOT, path), "utf8");
}

/** The blocks under `<!-- walkthrough step N … -->` markers, in the order they appear. */
export function walkthroughSteps(markdown: string): WalkthroughStep[] {
  return [...markdown.matchAll(/^<!-- walkthrough step (\d+)\b[^\n]*-->\n```(\w+)\n([\s\S]*?)\n```$/gm)]
    .map((match) => ({ number: Number(match[1]), lang: match[2], body: match[3] }));
}

/** The markdown without its fenced blocks, so a `# comment` in a shell block is not read as a heading. */
export function withoutFences(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```$/gm, "");
}

/** One `## heading` section, from its heading to the next `## ` (its `###` subsections included). */
export function sectionOf(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`no section "## ${heading}"`);
  const end = markdown.indexOf("\n## ", start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
export function slugOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\p{M}\p{Pc} -]/gu, "").replaceAll(" ", "-");
}

/** Every heading of a Markdown text (outside fenced blocks) with its level. */
export function headingsOf(markdown: string): { level: number; text: string }[] {
  return [...withoutFences(markdown).matchAll(/^(#{1,6}) (.+)$/gm)].map((match) => ({ level: match[1].length, text: match[2] }));
}

/**
 * Every environment variable the server and the keys CLI read: the names `adapters/config.ts` picks or reads from
 * `env`, and those `adapters/main.ts` reads from `process.env`.
 */
export function serverVariables(): string[] {
  const config = readFileSync(join(ROOT, "adapters", "config.ts"), "utf8");
  const serve = readFileSync(join(ROOT, "adapters", "serve.ts"), "utf8");
  const names = [
    ...[...config.matchAll(/\bpick\("([A-Z][A-Z0-9_]*)"/g)].map((match) => match[1]),
    ...[...config.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)].map((match) => match[1]),
    ...[...serve.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)].map((match) => match[1]),
  ];
  return [...new Set(names)].sort();
}
