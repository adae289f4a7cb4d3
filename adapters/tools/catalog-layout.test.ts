import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { serverTools } from "./index.ts";

// A category names its folder: "json/data" lives in json-data/ ("/" cannot be in a folder name), "crypto" in crypto/.
const folderOf = (category: string) => category.replaceAll("/", "-");

describe("the catalog's layout", () => {
  it("keeps every server tool in <category folder>/<tool id>.ts", () => {
    const misplaced = serverTools
      .map((tool) => join(import.meta.dirname, folderOf(tool.category), `${tool.id}.ts`))
      .filter((path) => !existsSync(path));
    expect(misplaced).toEqual([]);
  });
});
