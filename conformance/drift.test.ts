import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../adapters/http/openapi/build-openapi.ts";
import { tools } from "../adapters/tools/index.ts";
import { driftOf, formatDrift, hasDrift, localDocumentName } from "./drift.ts";

describe("driftOf", () => {
  const local = buildOpenApiDocument({ tools });

  it("finds none between two builds of the same catalog", () => {
    const drift = driftOf(buildOpenApiDocument({ tools }), local);
    expect(hasDrift(drift)).toBe(false);
    expect(formatDrift(drift)).toEqual(["drift: none (the served document matches this checkout's)"]);
  });

  it("names operations and schemas a served document lacks, adds or changes", () => {
    const dropped = tools.find((tool) => tool.id === "hash-text");
    const served = buildOpenApiDocument({ tools: tools.filter((tool) => tool !== dropped) });
    served.paths["/execute/ghost-tool"] = { post: { responses: { "200": { description: "x" } } } };
    const uuidOutput = served.components.schemas.UuidGeneratorOutput as { description?: string };
    uuidOutput.description = "changed";
    const drift = driftOf(served, local);
    expect(drift.removed).toEqual(["POST /execute/hash-text"]);
    expect(drift.added).toEqual(["POST /execute/ghost-tool"]);
    expect(drift.removedSchemas).toEqual(["HashTextInput", "HashTextOutput", "HashTextRequest", "HashTextResult"]);
    expect(drift.changedSchemas).toEqual(["UuidGeneratorOutput"]);
    expect(formatDrift(drift)).toContain("  operations removed (1): POST /execute/hash-text");
  });
});

describe("localDocumentName", () => {
  /** A package root holding this project's manifest, and a module file inside it, as `drift.js` would sit there. */
  function layout(root: string, withGit: boolean): string {
    mkdirSync(join(root, "dist", "conformance"), { recursive: true });
    writeFileSync(join(root, "package.json"), JSON.stringify({ name: "tool-execution-api", version: "9.8.7" }));
    if (withGit) mkdirSync(join(root, ".git"));
    return pathToFileURL(join(root, "dist", "conformance", "drift.js")).href;
  }

  it("calls this repository a checkout", () => {
    expect(localDocumentName()).toBe("this checkout's");
  });

  it("names the installed package, by version, where the suite runs from node_modules (issue 26.5)", () => {
    const dir = mkdtempSync(join(tmpdir(), "drift-installed-"));
    try {
      const moduleUrl = layout(join(dir, "node_modules", "tool-execution-api"), false);
      expect(localDocumentName(moduleUrl)).toBe("the one tool-execution-api 9.8.7 builds");
      const none = driftOf({ openapi: "3.0.3", paths: {} }, { openapi: "3.0.3", paths: {} });
      expect(formatDrift(none, localDocumentName(moduleUrl))).toEqual(["drift: none (the served document matches the one tool-execution-api 9.8.7 builds)"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("calls a git work tree of the project a checkout, and an unpacked tarball (no .git) by its version", () => {
    const dir = mkdtempSync(join(tmpdir(), "drift-checkout-"));
    try {
      expect(localDocumentName(layout(join(dir, "clone"), true))).toBe("this checkout's");
      expect(localDocumentName(layout(join(dir, "unpacked"), false))).toBe("the one tool-execution-api 9.8.7 builds");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
