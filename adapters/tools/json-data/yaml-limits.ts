import type { Document } from "yaml";
import { invalidField, type DomainError } from "../../../domain/errors.ts";
import { MAX_NESTING, nestingRefusal, tooDeep, YAML_FLOW_SYNTAX } from "../nesting.ts";

/** Lines plus flow-collection commas: an upper bound on the nodes, each of which costs the yaml library ≈ 20 µs. */
export const MAX_YAML_ENTRIES = 20_000;

/** Alias references (`*name`) one document may hold; each one makes the yaml library search its anchors. */
export const MAX_YAML_ALIASES = 1000;

const COMPACT_INDICATOR = /^[-?:](?:[ \t]+|$)/;
const BLOCK_SCALAR_HEADER = /(?:^|[ \t:])[|>][-+0-9]*[ \t]*(?:#.*)?$/;
const ALIAS = /(?:^|[ \t[{,])\*[^\s,[\]{}]/g;

/**
 * Refuses YAML that is costly before the parser sees it, in linear time: block nesting (indentation levels plus
 * compact `- - x` indicators on one line), flow nesting (`[[[…`) and alias references. The yaml library recurses
 * per level and, past a few thousand levels, exhausts the process (seen: V8 aborting with an out-of-memory).
 */
export function yamlCostRefusal(yaml: string, field: string): DomainError | undefined {
  const flow = nestingRefusal(yaml, field, YAML_FLOW_SYNTAX);
  if (flow) return flow;
  if (blockDepth(yaml) > MAX_NESTING) return tooDeep(field);
  if (entryCount(yaml) > MAX_YAML_ENTRIES) {
    return invalidField(field, `The document has more than ${MAX_YAML_ENTRIES} entries (lines and flow items).`);
  }
  let aliases = 0;
  for (const _ of yaml.matchAll(ALIAS)) {
    if (++aliases > MAX_YAML_ALIASES) return invalidField(field, `The document has more than ${MAX_YAML_ALIASES} aliases.`);
  }
  return undefined;
}

/** An upper bound on block nesting: the open indentation levels plus the compact indicators opening a line. */
export function blockDepth(yaml: string, limit = MAX_NESTING): number {
  const indents: number[] = [];
  let scalarIndent = -1;
  let deepest = 0;
  for (const line of yaml.split("\n")) {
    const indent = line.length - line.trimStart().length;
    const rest = line.slice(indent);
    if (rest === "" || rest.startsWith("#")) continue;
    // Lines of a literal or folded block scalar are text, however they are indented.
    if (scalarIndent >= 0 && indent > scalarIndent) continue;
    scalarIndent = BLOCK_SCALAR_HEADER.test(rest) ? indent : -1;
    while (indents.length > 0 && indents[indents.length - 1] >= indent) indents.pop();
    indents.push(indent);
    const depth = indents.length + compactIndicators(rest, limit);
    if (depth > deepest) deepest = depth;
    if (deepest > limit) return deepest;
  }
  return deepest;
}

function entryCount(yaml: string): number {
  let count = 1;
  for (let i = 0; i < yaml.length; i++) if (yaml[i] === "\n" || yaml[i] === ",") count++;
  return count;
}

/**
 * Whether some mapping repeats a scalar key, found in linear time: the library's own `uniqueKeys` check compares
 * every key with every earlier one (50,000 keys took 31 s). The caller passes yaml's functions (loaded on first use).
 */
export function hasDuplicateKey(document: Document, { isScalar, visit }: Pick<typeof import("yaml"), "isScalar" | "visit">): boolean {
  let duplicate = false;
  visit(document, {
    Map(_, map) {
      const seen = new Set<unknown>();
      for (const { key } of map.items) {
        const value = isScalar(key) ? key.value : key;
        if (seen.has(value)) {
          duplicate = true;
          return visit.BREAK;
        }
        seen.add(value);
      }
      return undefined;
    },
  });
  return duplicate;
}

function compactIndicators(text: string, limit: number): number {
  let count = 0;
  let rest = text;
  for (let match = COMPACT_INDICATOR.exec(rest); match && count <= limit; match = COMPACT_INDICATOR.exec(rest)) {
    count++;
    rest = rest.slice(match[0].length);
  }
  return count;
}
