import { type Document } from "yaml";
import { type DomainError } from "../../../domain/errors.ts";
/** Lines plus flow-collection commas: an upper bound on the nodes, each of which costs the yaml library ≈ 20 µs. */
export declare const MAX_YAML_ENTRIES = 20000;
/** Alias references (`*name`) one document may hold; each one makes the yaml library search its anchors. */
export declare const MAX_YAML_ALIASES = 1000;
/**
 * Refuses YAML that is costly before the parser sees it, in linear time: block nesting (indentation levels plus
 * compact `- - x` indicators on one line), flow nesting (`[[[…`) and alias references. The yaml library recurses
 * per level and, past a few thousand levels, exhausts the process (seen: V8 aborting with an out-of-memory).
 */
export declare function yamlCostRefusal(yaml: string, field: string): DomainError | undefined;
/** An upper bound on block nesting: the open indentation levels plus the compact indicators opening a line. */
export declare function blockDepth(yaml: string, limit?: number): number;
/**
 * Whether some mapping repeats a scalar key, found in linear time: the library's own `uniqueKeys` check compares
 * every key with every earlier one (50,000 keys took 31 s).
 */
export declare function hasDuplicateKey(document: Document): boolean;
