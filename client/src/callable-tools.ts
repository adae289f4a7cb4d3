import { assertToolFormat, type ToolDefinitionFor, type ToolFormat, type ToolSource, toToolDefinition } from "./tool-definitions.ts";
import { ToolApiError } from "./errors.ts";
import type { CurrentKey, ToolSummary } from "./types.ts";

/** A pack as `GET /marketplace/packs/{id}` shows it: its tools with their full ids and schemas. */
export interface PackTools {
  readonly tools: readonly ToolSource[];
}

/**
 * The tools a key may call, by the server's rule (core tools always; a pack's when the key's workspace enabled it; of
 * those what the scope names, by tool id or category), as far as a key can see it: a key cannot read which packs its
 * workspace enabled, nor a pack tool's category. So a pack tool is included when it is named, in `wanted` or in the
 * key's scope by id; a call to it in a workspace without that pack comes back as a `pack_not_enabled` tool error.
 * `wanted` (ids) narrows the answer; an id the key may not call is left out.
 */
export async function selectCallableTools(
  key: Pick<CurrentKey, "scopes">,
  catalog: readonly ToolSummary[],
  wanted: readonly string[] | undefined,
  readPack: (packId: string) => Promise<PackTools | undefined>,
): Promise<ToolSource[]> {
  const scopes = key.scopes ?? null;
  const core = catalog.filter((tool) => !tool.clientOnly && (scopes === null || scopes.tools.includes(tool.id) || scopes.categories.includes(tool.category)));
  const named = [...new Set([...(wanted ?? []), ...(scopes?.tools ?? [])])].filter((id) => id.includes("."));
  const packIds = [...new Set(named.map((id) => id.slice(0, id.indexOf("."))))];
  const packs = await Promise.all(packIds.map(readPack));
  const packTools = packs
    .flatMap((pack) => pack?.tools ?? [])
    .filter((tool) => named.includes(tool.id) && (scopes === null || scopes.tools.includes(tool.id)));
  const coreTools = core.flatMap(({ id, description, inputSchema }) => (inputSchema ? [{ id, description, inputSchema }] : []));
  const all: ToolSource[] = [...coreTools, ...packTools];
  return wanted === undefined ? all : all.filter((tool) => wanted.includes(tool.id));
}

/** What `toolDefinitions` reads from the API. */
export interface ToolReads {
  key(): Promise<Pick<CurrentKey, "scopes">>;
  catalog(): Promise<readonly ToolSummary[]>;
  /** `GET /marketplace/packs/{id}`; rejects with a 404 `ToolApiError` for a pack not installed. */
  pack(packId: string): Promise<PackTools>;
}

export async function listToolDefinitions<F extends ToolFormat>(format: F, wanted: readonly string[] | undefined, reads: ToolReads): Promise<ToolDefinitionFor<F>[]> {
  assertToolFormat(format); // before any request
  const [key, catalog] = await Promise.all([reads.key(), reads.catalog()]);
  const readPack = (id: string) => reads.pack(id).catch((error: unknown) => {
    if (error instanceof ToolApiError && error.status === 404) return undefined;
    throw error;
  });
  const sources = await selectCallableTools(key, catalog, wanted, readPack);
  return sources.map((tool) => toToolDefinition(format, tool));
}
