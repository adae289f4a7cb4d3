interface Input {
    version: string;
    range?: string;
    compareTo?: string;
    includePrerelease: boolean;
}
interface SemverReport {
    valid: boolean;
    normalized: string | null;
    major: number | null;
    minor: number | null;
    patch: number | null;
    prerelease: (string | number)[];
    satisfies: boolean | null;
    comparison: number | null;
    diff: string | null;
}
/**
 * An invalid `version` is an answer (valid: false, version fields null), not an error; an invalid `range` or
 * `compareTo` is a 422. Precedence follows SemVer 2.0.0 §11 (build metadata ignored). semver ≥ 7.5.2: no ReDoS.
 */
export declare const semverChecker: import("../../../domain/tool.ts").ToolDefinition<Input, SemverReport>;
export {};
