import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../adapters/http/openapi/build-openapi.ts";
import { tools } from "../adapters/tools/index.ts";
import { driftOf, formatDrift, hasDrift } from "./drift.ts";

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
