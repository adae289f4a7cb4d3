import { describe, expect, it } from "vitest";
import { jsonToCsv } from "./json-to-csv.ts";
import { errorOf, outputOf } from "../testing/tool-harness.ts";

describe("json-to-csv", () => {
  it("refuses nested objects and arrays in cells", async () => {
    expect((await errorOf(jsonToCsv, { json: '[{"a":{"b":1}}]' })).message).toContain('"a"');
    expect((await errorOf(jsonToCsv, { json: '[{"a":[1]}]' })).code).toBe("invalid_input");
  });

  it("refuses anything but an array of objects", async () => {
    for (const json of ['{"a":1}', "[1,2]", "[[1]]"]) expect((await errorOf(jsonToCsv, { json })).code).toBe("invalid_input");
  });

  it("escapes every formula prefix by default and none when asked not to", async () => {
    const json = '[{"c":"=1"},{"c":"+1"},{"c":"-1"},{"c":"@x"},{"c":"ok"}]';
    expect((await outputOf(jsonToCsv, { json, newline: "\n" })).csv).toBe("c\n\"'=1\"\n\"'+1\"\n\"'-1\"\n\"'@x\"\nok");
    expect((await outputOf(jsonToCsv, { json, newline: "\n", escapeFormulae: false })).csv).toBe("c\n=1\n+1\n-1\n@x\nok");
  });

  it("writes booleans and nulls, and keeps a __proto__ column", async () => {
    const { csv } = await outputOf(jsonToCsv, { json: '[{"__proto__":"p","t":true,"n":null}]', delimiter: "\t", newline: "\n" });
    expect(csv).toBe("__proto__\tt\tn\np\ttrue\t");
  });

  it("writes an empty array as an empty document", async () => {
    expect(await outputOf(jsonToCsv, { json: "[]" })).toEqual({ csv: "" });
  });
});

describe("json-to-csv bounds", () => {
  const distinctKeys = (count: number) => `[${Array.from({ length: count }, (_, i) => `{"k${i}":1}`).join(",")}]`;

  it("builds a 700 × 700 table (490,700 cells with the header)", async () => {
    const { csv } = await outputOf(jsonToCsv, { json: distinctKeys(700), newline: "\n" });
    const lines = csv.split("\n");
    expect(lines).toHaveLength(701);
    expect(lines[0].split(",")).toHaveLength(700);
    // Row i has its 1 in column i and empty cells elsewhere.
    expect(lines[700]).toBe(`${",".repeat(699)}1`);
  });

  it("refuses 3,000 objects of one distinct key each (once a 9 MB answer) naming the bound", async () => {
    const error = await errorOf(jsonToCsv, { json: distinctKeys(3000) });
    expect(error.message).toBe("The table would have more than 500000 cells (rows × columns).");
  });

  it("refuses more than 10,000 distinct keys", async () => {
    const row = `{${Array.from({ length: 10_001 }, (_, i) => `"k${i}":1`).join(",")}}`;
    expect((await errorOf(jsonToCsv, { json: `[${row}]` })).message).toBe("The rows have more than 10000 distinct keys (columns).");
  });
});
