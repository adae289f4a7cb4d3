import { describe, expect, it } from "vitest";
import { csvToJson } from "./csv-to-json.ts";
import { errorOf, outputOf } from "../testing/tool-harness.ts";

describe("csv-to-json", () => {
  it("keeps a __proto__ header as an ordinary member without polluting prototypes", async () => {
    const { rows, fields } = await outputOf(csvToJson, { csv: "__proto__,b\npolluted,2\n" });
    expect(fields).toEqual(["__proto__", "b"]);
    expect(JSON.stringify(rows)).toBe('[{"__proto__":"polluted","b":"2"}]');
    expect(Object.prototype.hasOwnProperty.call(rows[0], "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("renames duplicate headers", async () => {
    const { rows, fields } = await outputOf(csvToJson, { csv: "a,a,a\n1,2,3\n" });
    expect(fields).toEqual(["a", "a_1", "a_2"]);
    expect(JSON.parse(JSON.stringify(rows))).toEqual([{ a: "1", a_1: "2", a_2: "3" }]);
  });

  it("reports rows with too few or too many fields by data-row index", async () => {
    const { rows, errors } = await outputOf(csvToJson, { csv: "a,b\n1\n2,3,4\n" });
    expect(JSON.parse(JSON.stringify(rows))).toEqual([{ a: "1" }, { a: "2", b: "3", __parsed_extra: ["4"] }]);
    expect(errors).toEqual([
      { row: 0, code: "TooFewFields", message: "Too few fields: expected 2 fields but parsed 1" },
      { row: 1, code: "TooManyFields", message: "Too many fields: expected 2 fields but parsed 3" },
    ]);
  });

  it("reports an unclosed quote", async () => {
    const { errors } = await outputOf(csvToJson, { csv: 'a,b\n"x,1\n' });
    expect(errors.map((error: { code: string }) => error.code)).toContain("MissingQuotes");
  });

  it("auto-detects a semicolon delimiter", async () => {
    const { rows } = await outputOf(csvToJson, { csv: "a;b\n1;2\n" });
    expect(JSON.parse(JSON.stringify(rows))).toEqual([{ a: "1", b: "2" }]);
  });
});

describe("csv-to-json bounds", () => {
  it("renames 10,000 duplicate headers in linear time (20,000 once took 11.7 s)", async () => {
    const { fields } = await outputOf(csvToJson, { csv: `${"a,".repeat(9_999)}a\n` });
    expect(fields).toHaveLength(10_000);
    expect(fields?.[0]).toBe("a");
    expect(fields?.[9_999]).toBe("a_9999");
    expect(new Set(fields).size).toBe(10_000);
  });

  it("keeps papaparse's renaming when a suffixed name is already taken", async () => {
    const { fields } = await outputOf(csvToJson, { csv: "a,a_1,a,a\n" });
    expect(fields).toEqual(["a", "a_1", "a_2", "a_3"]);
  });

  it("refuses a row of 10,001 columns, naming the bound", async () => {
    const error = await errorOf(csvToJson, { csv: `${"a,".repeat(10_000)}a\n` });
    expect(error.message).toBe("A row has more than 10000 columns.");
  });

  it("accepts 100,000 rows and refuses 100,001", async () => {
    const { rows } = await outputOf(csvToJson, { csv: "1\n".repeat(100_000), header: false });
    expect(rows).toHaveLength(100_000);
    expect((await errorOf(csvToJson, { csv: "1\n".repeat(100_001), header: false })).message).toBe("The document has more than 100000 rows.");
  });

  it("accepts 500,000 cells and refuses 500,001", async () => {
    const table = `${"1,".repeat(9_999)}1\n`.repeat(50);
    const { rows } = await outputOf(csvToJson, { csv: table, header: false });
    expect(rows).toHaveLength(50);
    const error = await errorOf(csvToJson, { csv: `${table}1\n`, header: false });
    expect(error.message).toBe("The document has more than 500000 cells (rows × columns).");
  });

  it("does not count delimiters or line breaks inside quotes", async () => {
    const { rows } = await outputOf(csvToJson, { csv: `"${",".repeat(20_000)}\n\n"\n`, header: false });
    expect(rows).toEqual([[`${",".repeat(20_000)}\n\n`]]);
  });
});
