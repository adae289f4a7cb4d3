// The OAuth `scope` parameter as this server reads it: what a grant's key may call (KeyScopes).
import type { KeyScopes } from "./api-key.ts";

/** Every tool (the key has no scope). */
export const SCOPE_ALL_TOOLS = "tools";
/** One category: `tools:<category>`. */
export const CATEGORY_SCOPE_PREFIX = "tools:";
/** One tool: `tool:<id>`. */
export const TOOL_SCOPE_PREFIX = "tool:";

/**
 * The tools a `scope` string asks for: null (every tool) when absent, empty or naming `tools`; otherwise the
 * categories and tool ids it names. Tokens this server does not know are ignored (RFC 6749 §3.3 lets the server
 * grant less than asked); a scope of unknown tokens only asks for every tool.
 */
export function readScope(scope: string | undefined): KeyScopes | null {
  const tokens = (scope ?? "").split(" ").filter((token) => token.length > 0);
  if (tokens.length === 0 || tokens.includes(SCOPE_ALL_TOOLS)) return null;
  const categories = unique(tokens.filter((t) => t.startsWith(CATEGORY_SCOPE_PREFIX)).map((t) => t.slice(CATEGORY_SCOPE_PREFIX.length)));
  const tools = unique(tokens.filter((t) => t.startsWith(TOOL_SCOPE_PREFIX)).map((t) => t.slice(TOOL_SCOPE_PREFIX.length)));
  return categories.length + tools.length === 0 ? null : { tools, categories };
}

/** The scope string of a key's scopes (the token answer's `scope`); `tools` for every tool. */
export function toScopeString(scopes: KeyScopes | null | undefined): string {
  if (!scopes) return SCOPE_ALL_TOOLS;
  return [...scopes.categories.map((c) => CATEGORY_SCOPE_PREFIX + c), ...scopes.tools.map((t) => TOOL_SCOPE_PREFIX + t)].join(" ");
}

const unique = (values: readonly string[]): string[] => [...new Set(values.filter((value) => value.length > 0))];
