import { RE2JS } from "re2js";
import { isRecord } from "../adapters/http/openapi/json-schema-to-openapi.ts";
import { estimatedProgramSize } from "../adapters/tools/dev/regex-limits.ts";
import { type ConformanceLimits, limitFailure, PATTERN_LIMITS, RunFailure } from "./limits.ts";

type SchemaLimits = Pick<ConformanceLimits, "schemaNodes" | "operationNodes" | "schemaDepth" | "schemaLength">;

/** Members that hold values, not schemas: a `pattern` or `minLength` in an example is data. */
const DATA = new Set(["example", "examples", "default", "enum", "const"]);
const LENGTHS = new Set(["minLength", "minItems", "minProperties"]);
const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

/**
 * Checks, before anything else reads the served document, that every bound holds: only local `$ref`s (`#/…`: an
 * external one is never opened or fetched), nesting depth and size with every $ref inlined (a diamond of $refs
 * doubles at each level), lengths the property cases would build, and patterns RE2 can run in linear time. Walks
 * iteratively and counts each $ref target once, so the check itself stays linear in the document. Throws a
 * RunFailure naming the first bound passed.
 */
export function checkDocumentBounds(document: Record<string, unknown>, limits: SchemaLimits): void {
  scan(document, limits);
  const measure = expansion(document, limits);
  measure(document, 0, "#");
  for (const [path, item] of Object.entries(isRecord(document.paths) ? document.paths : {})) {
    for (const [method, operation] of Object.entries(isRecord(item) ? item : {})) {
      if (!METHODS.has(method)) continue;
      const { nodes } = measure(operation, 0, `#/paths/${escape(path)}/${method}`);
      if (nodes > limits.operationNodes) throw limitFailure("operationNodes", limits.operationNodes, `${method.toUpperCase()} ${path} inlines to ${nodes.toLocaleString("en-US")} nodes`);
    }
  }
}

function scan(document: Record<string, unknown>, limits: SchemaLimits): void {
  const patterns = new Map<string, number>();
  const stack: { node: unknown; at: string; depth: number; data: boolean; names: boolean }[] = [{ node: document, at: "#", depth: 0, data: false, names: false }];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const { node, at, depth, data, names } = entry;
    if (depth > limits.schemaDepth) throw limitFailure("schemaDepth", limits.schemaDepth, `the document nests deeper than that at ${shorten(at)}`);
    if (Array.isArray(node)) node.forEach((child, index) => stack.push({ node: child, at: `${at}/${index}`, depth: depth + 1, data, names: false }));
    if (!isRecord(node)) continue;
    for (const [key, value] of Object.entries(node)) {
      const here = `${at}/${escape(key)}`;
      const keyword = !data && !names;
      if (key === "$ref" && typeof value === "string") checkRef(value, here);
      if (keyword && key === "pattern" && typeof value === "string") checkPattern(value, here, patterns);
      if (keyword && key === "patternProperties" && isRecord(value)) for (const pattern of Object.keys(value)) checkPattern(pattern, here, patterns);
      if (keyword && LENGTHS.has(key) && typeof value === "number" && value > limits.schemaLength) {
        throw limitFailure("schemaLength", limits.schemaLength, `${key} ${value} at ${shorten(here)}`);
      }
      const intoData = data || (keyword && (DATA.has(key) || key.startsWith("x-")));
      stack.push({ node: value, at: here, depth: depth + 1, data: intoData, names: keyword && (key === "properties" || key === "patternProperties") });
    }
  }
}

function checkRef(ref: string, at: string): void {
  if (ref.startsWith("#")) return;
  throw new RunFailure(
    "only references inside the served document",
    "every $ref local to the document (#/…)",
    `${shorten(at)} is ${shorten(JSON.stringify(ref))}: an external reference, neither opened nor fetched`,
  );
}

function checkPattern(pattern: string, at: string, seen: Map<string, number>): void {
  if (seen.has(pattern)) return;
  const size = estimatedProgramSize(pattern);
  if (size > PATTERN_LIMITS.program) throw limitFailure("patternProgram", PATTERN_LIMITS.program, `the pattern at ${shorten(at)} compiles to about ${size.toLocaleString("en-US")}`);
  seen.set(pattern, size);
  const total = [...seen.values()].reduce((sum, each) => sum + each, 0);
  if (total > PATTERN_LIMITS.total) throw limitFailure("patternTotal", PATTERN_LIMITS.total, `the document's patterns compile to about ${total.toLocaleString("en-US")} (at ${shorten(at)})`);
  try {
    RE2JS.compile(pattern);
  } catch (error) {
    throw new RunFailure(
      "patterns a linear-time engine can run",
      "every pattern in RE2 syntax (the suite runs the document's patterns on RE2, never on a backtracking engine)",
      `${shorten(at)}: ${shorten(JSON.stringify(pattern))}: ${(error as Error).message}`,
    );
  }
}

interface Size {
  readonly nodes: number;
  readonly height: number;
}

/** Size and height of a node with its $refs inlined; each $ref target measured once (a cycle counts as one node). */
function expansion(document: Record<string, unknown>, limits: SchemaLimits): (node: unknown, depth: number, at: string) => Size {
  const known = new Map<string, Size>();
  const open = new Set<string>();
  const measure = (node: unknown, depth: number, at: string): Size => {
    if (depth > limits.schemaDepth) throw limitFailure("schemaDepth", limits.schemaDepth, `the document, $refs inlined, nests deeper than that at ${shorten(at)}`);
    if (isRecord(node) && typeof node.$ref === "string") return sizeOfRef(node.$ref, depth, at);
    const children = Array.isArray(node) ? node.map((child, index) => [String(index), child] as const) : isRecord(node) ? Object.entries(node) : [];
    let nodes = 1;
    let height = 0;
    for (const [key, child] of children) {
      const size = measure(child, depth + 1, `${at}/${escape(key)}`);
      nodes += size.nodes;
      height = Math.max(height, size.height + 1);
      if (nodes > limits.schemaNodes) throw limitFailure("schemaNodes", limits.schemaNodes, `the document inlines to more than that (past ${shorten(at)})`);
    }
    return { nodes, height };
  };
  const sizeOfRef = (ref: string, depth: number, at: string): Size => {
    if (open.has(ref)) return { nodes: 1, height: 0 };
    let size = known.get(ref);
    if (!size) {
      const target = pointAt(document, ref);
      // A $ref to nothing costs nothing here; swagger-parser's validation reports it.
      if (target === undefined) return { nodes: 1, height: 0 };
      open.add(ref);
      size = measure(target, depth + 1, ref);
      open.delete(ref);
      known.set(ref, size);
    }
    if (depth + size.height > limits.schemaDepth) throw limitFailure("schemaDepth", limits.schemaDepth, `${shorten(ref)} used at ${shorten(at)} nests deeper than that`);
    return { nodes: size.nodes + 1, height: size.height + 1 };
  };
  return measure;
}

function pointAt(document: unknown, ref: string): unknown {
  let node = document;
  for (const raw of ref.replace(/^#\/?/, "").split("/").filter((segment, index) => segment !== "" || index > 0)) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
    } catch {
      return undefined;
    }
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

const escape = (key: string) => key.replaceAll("~", "~0").replaceAll("/", "~1");
const shorten = (text: string) => (text.length > 160 ? `${text.slice(0, 160)}…` : text);
