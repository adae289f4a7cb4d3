import { describe, expect, it } from "vitest";
import { queryStringToJson } from "./query-string-to-json.ts";
import { outputOf } from "../testing/tool-harness.ts";

describe("query-string-to-json", () => {
  it("keeps a __proto__ key as plain data without touching any prototype", async () => {
    const { params } = await outputOf(queryStringToJson, { query: "__proto__=polluted&__proto__[admin]=1&constructor=x" });
    expect(Object.getPrototypeOf(params)).toBeNull();
    expect(Object.keys(params)).toEqual(["__proto__", "__proto__[admin]", "constructor"]);
    expect(Object.getOwnPropertyDescriptor(params, "__proto__")?.value).toBe("polluted");
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(JSON.parse(JSON.stringify(params))).toEqual(JSON.parse('{"__proto__":"polluted","__proto__[admin]":"1","constructor":"x"}'));
  });

  it("turns a key repeated three times into one array in order", async () => {
    expect(await outputOf(queryStringToJson, { query: "k=1&k=2&k=3" })).toEqual({ params: { k: ["1", "2", "3"] } });
  });

  it("answers an empty object for an empty query or a lone '?'", async () => {
    expect(await outputOf(queryStringToJson, { query: "" })).toEqual({ params: {} });
    expect(await outputOf(queryStringToJson, { query: "?" })).toEqual({ params: {} });
  });
});
