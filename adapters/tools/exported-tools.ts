import type { ToolDefinition } from "../../domain/tool.ts";

/** Whatever `import()` gave for a module of tool definitions. */
type ModuleNamespace = Readonly<Record<string, unknown>>;

const isDefinition = (value: unknown): value is ToolDefinition =>
  typeof value === "object" && value !== null && typeof (value as ToolDefinition).id === "string" &&
  typeof (value as ToolDefinition).run === "function" && (value as { clientOnly?: unknown }).clientOnly !== true;

/** A value's tool definitions: itself, an array's members, or an object's `tools` (a tool pack's default export). */
function definitionsOf(value: unknown): ToolDefinition[] {
  if (isDefinition(value)) return [value];
  const list = Array.isArray(value) ? value : (value as { tools?: unknown } | null)?.tools;
  return Array.isArray(list) ? list.filter(isDefinition) : [];
}

/**
 * The definitions of `ids` among everything `module` exports (each export, an array of them, a pack's `tools`), for
 * a tool defined outside the catalog and packs that a child process must load. Throws naming the ids it lacks.
 */
export function exportedDefinitions(module: ModuleNamespace, ids: readonly string[], url: string): ToolDefinition[] {
  const found = new Map<string, ToolDefinition>();
  for (const value of Object.values(module)) for (const tool of definitionsOf(value)) if (!found.has(tool.id)) found.set(tool.id, tool);
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw new Error(`${url} exports no tool definition with id ${missing.map((id) => `'${id}'`).join(", ")}`);
  return ids.map((id) => found.get(id) as ToolDefinition);
}
