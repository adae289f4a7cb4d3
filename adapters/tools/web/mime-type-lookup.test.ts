import { describe, expect, it } from "vitest";
import { mimeTypeLookup } from "./mime-type-lookup.ts";
import { outputOf, refusalOf, runTool, SchemaRefusal } from "./test-support.ts";

describe("mime-type-lookup", () => {
  it("refuses an unknown extension and an unknown MIME type", async () => {
    expect(await refusalOf(mimeTypeLookup, { extension: "nosuchext" })).toBe("invalid_input");
    expect(await refusalOf(mimeTypeLookup, { mimeType: "application/x-nosuch" })).toBe("invalid_input");
    expect(await refusalOf(mimeTypeLookup, { mimeType: "__proto__" })).toBe("invalid_input");
    expect(await refusalOf(mimeTypeLookup, { extension: "__proto__" })).toBe("invalid_input");
    expect(await refusalOf(mimeTypeLookup, { extension: "constructor" })).toBe("invalid_input");
  });

  it("needs exactly one of extension and mimeType", async () => {
    await expect(runTool(mimeTypeLookup, {})).rejects.toBeInstanceOf(SchemaRefusal);
    await expect(runTool(mimeTypeLookup, { extension: "md", mimeType: "text/markdown" })).rejects.toBeInstanceOf(SchemaRefusal);
  });

  it("accepts an extension with a leading dot", async () => {
    expect((await outputOf(mimeTypeLookup, { extension: ".pdf" })).mimeType).toBe("application/pdf");
  });
});
