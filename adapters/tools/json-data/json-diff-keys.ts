import { isJsonObject } from "./json-text.ts";

/**
 * jsondiffpatch reads members with plain indexing, so keys shared with Object.prototype break it: a "__proto__"
 * change is silently lost and a "constructor" key throws. Every key is therefore prefixed with "$" for the diff
 * and the prefix is stripped from the resulting patch.
 */
export function escapeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(escapeKeys);
  if (!isJsonObject(value)) return value;
  const escaped: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) escaped[`$${key}`] = escapeKeys(member);
  return escaped;
}

/** Reverses escapeKeys; objects have no prototype so a "__proto__" key stays an ordinary member. */
export function unescapeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unescapeKeys);
  if (!isJsonObject(value)) return value;
  const plain: Record<string, unknown> = Object.create(null);
  for (const [key, member] of Object.entries(value)) plain[key.slice(1)] = unescapeKeys(member);
  return plain;
}

/** Strips the "$" from object-key segments of a JSON Pointer; array indices never start with "$". */
export function unescapePointer(pointer: string): string {
  return pointer
    .split("/")
    .map((segment) => (segment.startsWith("$") ? segment.slice(1) : segment))
    .join("/");
}

/**
 * An upper bound on the LCS matrix cells jsondiffpatch (matchByPosition) will fill: for each pair of arrays it
 * compares, the product of their lengths after the common head and tail are trimmed. Stops counting past `limit`.
 */
export function countLcsCells(left: unknown, right: unknown, limit: number): number {
  if (Array.isArray(left) && Array.isArray(right)) return countArrayCells(left, right, limit);
  if (!isJsonObject(left) || !isJsonObject(right)) return 0;
  let cells = 0;
  for (const [key, member] of Object.entries(left)) {
    if (!Object.hasOwn(right, key)) continue;
    cells += countLcsCells(member, right[key], limit - cells);
    if (cells > limit) break;
  }
  return cells;
}

function countArrayCells(left: unknown[], right: unknown[], limit: number): number {
  const shorter = Math.min(left.length, right.length);
  const matches = (a: unknown, b: unknown, sameIndex: boolean) =>
    a === b || (sameIndex && typeof a === "object" && typeof b === "object");
  let head = 0;
  while (head < shorter && matches(left[head], right[head], true)) head++;
  let tail = 0;
  const sameLength = left.length === right.length;
  while (head + tail < shorter && matches(left[left.length - 1 - tail], right[right.length - 1 - tail], sameLength)) tail++;
  let cells = (left.length - head - tail) * (right.length - head - tail);
  for (let index = 0; index < shorter && cells <= limit; index++) {
    cells += countLcsCells(left[index], right[index], limit - cells);
  }
  return cells;
}
