import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { catalogModule, resolvePoolOptions } from "./process-pool-options.ts";

const loader = ["--import", "tsx"];
const compiled = new URL("file:///opt/tool-api/dist/adapters/tools/tool-child.js");

describe("resolvePoolOptions", () => {
  it("starts compiled children without a loader", () => {
    const { spec } = resolvePoolOptions({ entry: compiled, modules: [{ url: "file:///opt/tool-api/dist/adapters/tools/index.js" }] });
    expect(spec.execArgv.join(" ")).not.toContain("tsx");
  });

  it("starts children under tsx when their entry or any module they load is TypeScript", () => {
    expect(resolvePoolOptions({ entry: new URL("file:///repo/fixture-child.ts"), modules: [] }).spec.execArgv.slice(0, 2)).toEqual(loader);
    const withPack = resolvePoolOptions({ entry: compiled, modules: [{ url: "file:///repo/dist/index.js" }, { url: "file:///repo/packs/pack.ts", idPrefix: "pack." }] });
    expect(withPack.spec.execArgv.slice(0, 2)).toEqual(loader);
  });

  it("in this suite, loads the compiled build the global setup keeps fresh (scripts/vitest-setup.ts)", () => {
    const { spec } = resolvePoolOptions({});
    expect(spec.entry.href).toMatch(/\/dist\/adapters\/tools\/tool-child\.js$/);
    expect(spec.modules).toEqual([catalogModule()]);
    expect(catalogModule().url).toMatch(/\/dist\/adapters\/tools\/index\.js$/);
    for (const url of [spec.entry.href, catalogModule().url]) expect(existsSync(fileURLToPath(url))).toBe(true);
    expect(spec.execArgv.join(" ")).not.toContain("tsx");
  });
});
