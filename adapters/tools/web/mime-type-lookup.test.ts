import { describe, expect, it } from "vitest";
import { mimeTypeLookup } from "./mime-type-lookup.ts";
import { outputOf, refusalOf } from "../testing/tool-harness.ts";

describe("mime-type-lookup", () => {
  it("refuses an unknown extension and an unknown MIME type", async () => {
    expect(await refusalOf(mimeTypeLookup, { extension: "nosuchext" })).toBe("tool");
    expect(await refusalOf(mimeTypeLookup, { mimeType: "application/x-nosuch" })).toBe("tool");
    expect(await refusalOf(mimeTypeLookup, { mimeType: "__proto__" })).toBe("tool");
    expect(await refusalOf(mimeTypeLookup, { extension: "__proto__" })).toBe("tool");
    expect(await refusalOf(mimeTypeLookup, { extension: "constructor" })).toBe("tool");
  });

  it("needs exactly one of extension and mimeType", async () => {
    expect(await refusalOf(mimeTypeLookup, {})).toBe("schema");
    expect(await refusalOf(mimeTypeLookup, { extension: "md", mimeType: "text/markdown" })).toBe("schema");
  });

  it("accepts an extension with a leading dot", async () => {
    expect((await outputOf(mimeTypeLookup, { extension: ".pdf" })).mimeType).toBe("application/pdf");
  });
});
