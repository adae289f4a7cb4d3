import { isRecord } from "../../adapters/http/openapi/json-schema-to-openapi.ts";
import type { Document } from "../expectations.ts";

/** What an operation asks of its caller: nothing, an API key, a signed-in session, or something else. */
export type Access = "public" | "key" | "session" | "other";

/**
 * Reads an operation's `security` (or the document's): public when a requirement is empty, key when one is met by
 * an API key alone (an `X-API-Key` header scheme or HTTP bearer), session when one needs a cookie.
 */
export function accessOf(served: Document, operation: Record<string, unknown>): Access {
  const requirements = Array.isArray(operation.security) ? operation.security : Array.isArray(served.security) ? served.security : [];
  if (requirements.length === 0) return "public";
  const components = isRecord(served.components) ? served.components : {};
  const schemes = isRecord(components.securitySchemes) ? components.securitySchemes : {};
  const kinds = requirements.filter(isRecord).map((requirement) => Object.keys(requirement).map((name) => kindOf(schemes[name])));
  if (kinds.some((names) => names.length === 0)) return "public";
  if (kinds.some((names) => names.every((kind) => kind === "key"))) return "key";
  if (kinds.some((names) => names.includes("session"))) return "session";
  return "other";
}

function kindOf(scheme: unknown): "key" | "session" | "other" {
  if (!isRecord(scheme)) return "other";
  if (scheme.type === "apiKey" && scheme.in === "header" && String(scheme.name).toLowerCase() === "x-api-key") return "key";
  if (scheme.type === "http" && String(scheme.scheme).toLowerCase() === "bearer") return "key";
  if (scheme.type === "apiKey" && scheme.in === "cookie") return "session";
  return "other";
}
