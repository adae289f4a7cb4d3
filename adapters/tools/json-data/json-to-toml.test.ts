import { describe, expect, it } from "vitest";
import { jsonToToml } from "./json-to-toml.ts";
import { errorOf, outputOf } from "../testing/tool-harness.ts";

describe("json-to-toml", () => {
  it("refuses nulls, which TOML cannot hold, naming where they are", async () => {
    const error = await errorOf(jsonToToml, { json: '{"a":{"b/c":[1,null]}}' });
    expect(error.message).toContain("'/a/b~1c/1'");
  });

  it("refuses a top level that is not an object", async () => {
    for (const json of ["[1,2]", '"text"', "null"]) expect((await errorOf(jsonToToml, { json })).code).toBe("invalid_input");
  });

  it("writes a __proto__ key like any other bare key", async () => {
    expect(await outputOf(jsonToToml, { json: '{"__proto__":{"x":1}}' })).toEqual({ toml: "[__proto__]\nx = 1\n" });
  });
});
