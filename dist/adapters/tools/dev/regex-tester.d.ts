interface Match {
    match: string;
    index: number;
    end: number;
    groups: (string | null)[];
    namedGroups: Record<string, string | null>;
}
/**
 * Patterns run on re2js (RE2 semantics, linear time): never on V8's backtracking RegExp, where `(a+)+$` on 26
 * characters takes seconds. Without `g` only the first match is returned. Indices count UTF-16 code units, as in JS.
 */
export declare const regexTester: import("../../../domain/tool.ts").ToolDefinition<{
    pattern: string;
    flags: string;
    text: string;
    maxMatches: number;
}, {
    matches: Match[];
    count: number;
}>;
export {};
