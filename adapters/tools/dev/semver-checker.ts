import { invalidField, type DomainError } from "../../../domain/errors.ts";
import { err, ok, type Result } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { lazy } from "../lazy.ts";

const loadSemver = lazy(async () => (await import("semver")).default);

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

const nullableInteger = { type: ["integer", "null"], minimum: 0 };

/**
 * An invalid `version` is an answer (valid: false, version fields null), not an error; an invalid `range` or
 * `compareTo` is a 422. Precedence follows SemVer 2.0.0 §11 (build metadata ignored). semver ≥ 7.5.2: no ReDoS.
 */
export const semverChecker = defineTool({
  id: "semver-checker",
  name: "Semver Checker",
  category: "dev",
  description: "Parse a semantic version, compare it with another and check it against a range.",
  input: {
    type: "object",
    required: ["version"],
    additionalProperties: false,
    properties: {
      version: { type: "string", maxLength: 256, "x-tool-checks": "a semver version" },
      range: { type: "string", maxLength: 256, "x-tool-checks": "a semver range" },
      compareTo: { type: "string", maxLength: 256, "x-tool-checks": "a semver version" },
      includePrerelease: { type: "boolean", default: false },
    },
  },
  output: {
    type: "object",
    required: ["valid", "normalized", "major", "minor", "patch", "prerelease", "satisfies", "comparison", "diff"],
    additionalProperties: false,
    properties: {
      valid: { type: "boolean" },
      normalized: { type: ["string", "null"] },
      major: nullableInteger,
      minor: nullableInteger,
      patch: nullableInteger,
      prerelease: { type: "array", items: { type: ["string", "integer"] } },
      satisfies: { type: ["boolean", "null"] },
      comparison: { type: ["integer", "null"], enum: [-1, 0, 1, null] },
      diff: { type: ["string", "null"] },
    },
  },
  examples: [
    {
      title: "Numeric prerelease identifiers compare numerically",
      source: "SemVer 2.0.0 §11.4: 1.0.0-beta.2 < 1.0.0-beta.11",
      input: { version: "1.0.0-beta.11", compareTo: "1.0.0-beta.2", includePrerelease: false },
      output: {
        valid: true, normalized: "1.0.0-beta.11", major: 1, minor: 0, patch: 0, prerelease: ["beta", 11],
        satisfies: null, comparison: 1, diff: "prerelease",
      },
    },
    {
      title: "A prerelease of the same tuple satisfies a prerelease range",
      source: "node-semver README, 'Prerelease Tags': >1.2.3-alpha.3 matches 1.2.3-alpha.7",
      input: { version: "1.2.3-alpha.7", range: ">1.2.3-alpha.3", includePrerelease: false },
      output: {
        valid: true, normalized: "1.2.3-alpha.7", major: 1, minor: 2, patch: 3, prerelease: ["alpha", 7],
        satisfies: true, comparison: null, diff: null,
      },
    },
    {
      title: "…but a prerelease of another tuple does not, unless includePrerelease",
      source: "node-semver README, 'Prerelease Tags': >1.2.3-alpha.3 is not satisfied by 3.4.5-alpha.9; includePrerelease lifts that",
      input: { version: "3.4.5-alpha.9", range: ">1.2.3-alpha.3", includePrerelease: false },
      output: {
        valid: true, normalized: "3.4.5-alpha.9", major: 3, minor: 4, patch: 5, prerelease: ["alpha", 9],
        satisfies: false, comparison: null, diff: null,
      },
    },
    {
      title: "Build metadata is ignored; a leading v is accepted",
      source: "SemVer 2.0.0 §10: 1.2.3+build and 1.2.3 have the same precedence; 1.2.3 → 2.0.0 is a major change",
      input: { version: "v1.2.3+build.5", range: "^1.2.0", compareTo: "2.0.0", includePrerelease: false },
      output: {
        valid: true, normalized: "1.2.3", major: 1, minor: 2, patch: 3, prerelease: [],
        satisfies: true, comparison: -1, diff: "major",
      },
    },
    {
      title: "An invalid version is reported, not refused",
      source: "SemVer 2.0.0 §2: a normal version is X.Y.Z; 1.2 has no patch number",
      input: { version: "1.2", includePrerelease: false },
      output: {
        valid: false, normalized: null, major: null, minor: null, patch: null, prerelease: [],
        satisfies: null, comparison: null, diff: null,
      },
    },
  ],
  run: async ({ version, range, compareTo, includePrerelease }: Input): Promise<Result<SemverReport, DomainError>> => {
    const semver = await loadSemver();
    const options = { includePrerelease };
    if (range !== undefined && semver.validRange(range, options) === null) {
      return err(invalidField("range", `'${range}' is not a valid semver range.`));
    }
    const other = compareTo === undefined ? null : semver.parse(compareTo.trim());
    if (compareTo !== undefined && other === null) return err(invalidField("compareTo", `'${compareTo}' is not a valid semantic version.`));
    const parsed = semver.parse(version.trim());
    if (parsed === null) {
      return ok({
        valid: false, normalized: null, major: null, minor: null, patch: null, prerelease: [],
        satisfies: null, comparison: null, diff: null,
      });
    }
    return ok({
      valid: true,
      normalized: parsed.version,
      major: parsed.major,
      minor: parsed.minor,
      patch: parsed.patch,
      prerelease: [...parsed.prerelease],
      satisfies: range === undefined ? null : semver.satisfies(parsed, range, options),
      comparison: other === null ? null : semver.compare(parsed, other),
      diff: other === null ? null : semver.diff(parsed, other),
    });
  },
});
