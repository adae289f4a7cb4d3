import { assertToolFormat, type ToolDefinitionFor, type ToolFormat, type ToolSource, toToolDefinition } from "./tool-definitions.ts";
import { ToolApiError } from "./errors.ts";
import type { CurrentKey, ToolSummary } from "./types.ts";

/** A pack as `GET /marketplace/packs/{id}` shows it: its tools with their full ids and schemas. */
export interface PackTools {
  readonly tools: readonly ToolSource[];
}

/**
 * For a server older than `GET /keys/current/tools`: the tools a key may call, by the server's rule (core tools
 * always; a pack's when the key's workspace enabled it; of those what the scope names, by tool id or category), as far
 * as a key could see it there: it cannot read which packs its workspace enabled, nor a pack tool's category. So a pack
 * tool is included when it is named, in `wanted` or in the key's scope by id; a call to it in a workspace without
 * that pack comes back as a `pack_not_enabled` tool error.
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
  /** `GET /keys/current/tools`; rejects with a 404 `ToolApiError` on a server older than that route. */
  callable(): Promise<readonly ToolSource[]>;
  key(): Promise<Pick<CurrentKey, "scopes">>;
  catalog(): Promise<readonly ToolSummary[]>;
  /** `GET /marketplace/packs/{id}`; rejects with a 404 `ToolApiError` for a pack not installed. */
  pack(packId: string): Promise<PackTools>;
}

/**
 * The definitions of the tools the key may call: the server's own list (`GET /keys/current/tools`), narrowed to
 * `wanted`; from a server older than that route, what selectCallableTools can tell from the key and the catalog.
 */
export async function listToolDefinitions<F extends ToolFormat>(format: F, wanted: readonly string[] | undefined, reads: ToolReads): Promise<ToolDefinitionFor<F>[]> {
  assertToolFormat(format); // before any request
  const callable = await reads.callable().catch(unlessNotFound);
  const sources = callable
    ? callable.filter((tool) => wanted === undefined || wanted.includes(tool.id))
    : await olderServerSelection(wanted, reads);
  return sources.map((tool) => toToolDefinition(format, tool));
}

async function olderServerSelection(wanted: readonly string[] | undefined, reads: ToolReads): Promise<ToolSource[]> {
  const [key, catalog] = await Promise.all([reads.key(), reads.catalog()]);
  return selectCallableTools(key, catalog, wanted, (id) => reads.pack(id).catch(unlessNotFound));
}

/** A 404 (a route or pack the server does not have) as undefined; any other failure as it is. */
function unlessNotFound(error: unknown): undefined {
  if (error instanceof ToolApiError && error.status === 404) return undefined;
  throw error;
}
