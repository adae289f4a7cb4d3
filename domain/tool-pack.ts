import type { AnyTool, ToolDefinition } from "./tool.ts";

/** What a pack module's default export is: a named, versioned set of tools made with defineTool. */
export interface ToolPack {
  readonly id: string;
  readonly name: string;
  readonly version: string;
  readonly description: string;
  readonly tools: readonly ToolDefinition[];
}

/** A pack as the server holds it: its tools carry their full ids (`<pack id>.<tool id>`). */
export interface InstalledPack extends ToolPack {
  readonly builtIn: boolean;
}

/** The built-in catalog's pack id: always installed, always enabled. */
export const CORE_PACK_ID = "core";

const PACK_ID = /^[a-z][a-z0-9-]{0,31}$/;
const TOOL_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

export const isPackId = (id: string): boolean => PACK_ID.test(id);

/** The pack a tool id belongs to: the part before the first dot, or core for a plain id. */
export function packIdOf(toolId: string): string {
  const dot = toolId.indexOf(".");
  return dot === -1 ? CORE_PACK_ID : toolId.slice(0, dot);
}

/** Checks a pack's shape; the problems name the field, so the start-up message can name the pack and the fault. */
export function checkPackShape(value: unknown): string[] {
  if (typeof value !== "object" || value === null) return ["its default export is not an object"];
  const pack = value as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof pack.id !== "string" || !isPackId(pack.id) || pack.id === CORE_PACK_ID) problems.push(`id ${JSON.stringify(pack.id)} is not a valid pack id (a-z, 0-9, -, not "core")`);
  for (const field of ["name", "version", "description"]) {
    if (typeof pack[field] !== "string" || (pack[field] as string).length === 0) problems.push(`${field} must be a non-empty string`);
  }
  if (!Array.isArray(pack.tools) || pack.tools.length === 0) return [...problems, "tools must be a non-empty array"];
  const seen = new Set<string>();
  for (const tool of pack.tools as unknown[]) problems.push(...checkToolShape(tool, seen));
  return problems;
}

function checkToolShape(value: unknown, seen: Set<string>): string[] {
  if (typeof value !== "object" || value === null) return ["a tool is not an object"];
  const tool = value as Record<string, unknown>;
  const label = `tool ${JSON.stringify(tool.id)}`;
  if (typeof tool.id !== "string" || !TOOL_ID.test(tool.id)) return [`${label}: id must match ${TOOL_ID}`];
  if (seen.has(tool.id)) return [`${label}: declared twice`];
  seen.add(tool.id);
  const problems: string[] = [];
  if (tool.clientOnly !== false || typeof tool.run !== "function") problems.push(`${label}: not made with defineTool (needs run)`);
  for (const field of ["name", "category", "description"]) if (typeof tool[field] !== "string") problems.push(`${label}: ${field} must be a string`);
  for (const field of ["input", "output"]) if (typeof tool[field] !== "object" || tool[field] === null) problems.push(`${label}: ${field} must be a JSON Schema object`);
  if (!Array.isArray(tool.examples) || tool.examples.length === 0) problems.push(`${label}: examples must be a non-empty array`);
  return problems;
}

/** The pack as installed: each tool renamed to `<pack id>.<tool id>`. */
export function installPack(pack: ToolPack): InstalledPack {
  return { ...pack, builtIn: false, tools: pack.tools.map((tool) => ({ ...tool, id: `${pack.id}.${tool.id}` })) };
}

/** The built-in catalog as pack `core`, first in every list. */
export function corePack(tools: readonly AnyTool[], version: string): InstalledPack {
  return {
    id: CORE_PACK_ID, name: "Core tools", version, builtIn: true,
    description: "The built-in catalog: always installed and enabled for every workspace.",
    tools: tools.filter((tool): tool is ToolDefinition => !tool.clientOnly),
  };
}
