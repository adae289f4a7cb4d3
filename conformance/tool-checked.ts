import { isRecord } from "../adapters/http/openapi/json-schema-to-openapi.ts";
import { resolvePointer } from "../adapters/http/openapi/openapi-to-json-schema.ts";
import { TOOL_CHECKS } from "../adapters/tools/ajv-schema-validator.ts";
import { type Document, operationOf } from "./expectations.ts";

/**
 * The members of a tool's input that the document marks `x-tool-checks`: text the tool parses (JSON, a cron
 * expression, a time zone) or a limit across members, which no schema keyword can state. Only there may the tool
 * refuse a value its schema allows. Each is a path of member names, `*` standing for any array item.
 */
export function toolCheckedMembers(document: Document, path: string): string[][] {
  const operation = operationOf(document, path, "post");
  const body = deref(document, operation?.requestBody);
  const media = isRecord(body?.content) ? deref(document, body.content["application/json"]) : undefined;
  const request = deref(document, media?.schema);
  const input = isRecord(request?.properties) ? request.properties.input : undefined;
  const out: string[][] = [];
  walk(document, input, [], out, 0);
  return out;
}

function walk(document: Document, raw: unknown, segments: string[], out: string[][], depth: number): void {
  const node = deref(document, raw);
  if (!node || depth > 16) return;
  if (typeof node[TOOL_CHECKS] === "string") out.push(segments);
  if (isRecord(node.properties)) for (const [name, sub] of Object.entries(node.properties)) walk(document, sub, [...segments, name], out, depth + 1);
  if (node.items !== undefined) walk(document, node.items, [...segments, "*"], out, depth + 1);
}

function deref(document: Document, node: unknown): Record<string, unknown> | undefined {
  if (!isRecord(node)) return undefined;
  return typeof node.$ref === "string" ? resolvePointer(document, node.$ref) : node;
}

/** A pattern matching the JSON Pointer of a refusal at (or under) one of `members` of the request's `input`. */
export function refusalPathPattern(members: readonly (readonly string[])[]): string {
  const escape = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const alternatives = members.map((segments) => segments.map((segment) => (segment === "*" ? "\\d+" : escape(segment))).join("/"));
  return `^/input/(?:${alternatives.join("|")})(?:/.*)?$`;
}
