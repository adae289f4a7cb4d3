import { composeSecret, type Environment, type KeyScopes, SECRET_BODY_LENGTH, toBase62 } from "../domain/api-key.ts";
import type { InputIssue } from "../domain/errors.ts";
import type { SecretSource } from "./ports.ts";

const MAX_SCOPE_ENTRIES = 200;
const SCOPE_ENTRY = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,99}$/;

/** A fresh secret: SECRET_BODY_LENGTH CSPRNG base62 characters plus the checksum. */
export function mintSecret(secrets: SecretSource, env: Environment): string {
  for (;;) {
    const body = toBase62(secrets.randomBytes(64), SECRET_BODY_LENGTH);
    if (body) return composeSecret(env, body);
  }
}

/** Null for "every tool"; otherwise the de-duplicated lists, with problems pushed onto `issues`. */
export function checkScopes(
  raw: { readonly tools?: readonly string[]; readonly categories?: readonly string[] } | null | undefined,
  issues: InputIssue[],
): KeyScopes | null {
  if (raw === undefined || raw === null) return null;
  const tools = checkList(raw.tools, "/scopes/tools", issues);
  const categories = checkList(raw.categories, "/scopes/categories", issues);
  if (tools.length + categories.length === 0) {
    issues.push({ path: "/scopes", message: "a scope needs at least one tool id or category" });
  }
  return { tools, categories };
}

function checkList(raw: readonly string[] | undefined, path: string, issues: InputIssue[]): string[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || raw.length > MAX_SCOPE_ENTRIES || !raw.every((v) => typeof v === "string" && SCOPE_ENTRY.test(v))) {
    issues.push({ path, message: `must be up to ${MAX_SCOPE_ENTRIES} ids of letters, digits and . _ / -` });
    return [];
  }
  return [...new Set(raw)];
}
