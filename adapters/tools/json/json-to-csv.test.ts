import { describe, expect, it } from "vitest";
import { jsonToCsv } from "./json-to-csv.ts";
import { runToolError, runToolOk } from "./tool-harness.ts";

describe("json-to-csv", () => {
  it("refuses nested objects and arrays in cells", async () => {
    expect((await runToolError(jsonToCsv, { json: '[{"a":{"b":1}}]' })).message).toContain("'a'");
    expect((await runToolError(jsonToCsv, { json: '[{"a":[1]}]' })).code).toBe("invalid_input");
  });

  it("refuses anything but an array of objects", async () => {
    for (const json of ['{"a":1}', "[1,2]", "[[1]]"]) expect((await runToolError(jsonToCsv, { json })).code).toBe("invalid_input");
  });

  it("escapes every formula prefix by default and none when asked not to", async () => {
    const json = '[{"c":"=1"},{"c":"+1"},{"c":"-1"},{"c":"@x"},{"c":"ok"}]';
    expect((await runToolOk(jsonToCsv, { json, newline: "\n" })).csv).toBe("c\n\"'=1\"\n\"'+1\"\n\"'-1\"\n\"'@x\"\nok");
    expect((await runToolOk(jsonToCsv, { json, newline: "\n", escapeFormulae: false })).csv).toBe("c\n=1\n+1\n-1\n@x\nok");
  });

  it("writes booleans and nulls, and keeps a __proto__ column", async () => {
    const { csv } = await runToolOk(jsonToCsv, { json: '[{"__proto__":"p","t":true,"n":null}]', delimiter: "\t", newline: "\n" });
    expect(csv).toBe("__proto__\tt\tn\np\ttrue\t");
  });

  it("writes an empty array as an empty document", async () => {
    expect(await runToolOk(jsonToCsv, { json: "[]" })).toEqual({ csv: "" });
  });
});
