import { describe, expect, it } from "vitest";
import { csvToJson } from "./csv-to-json.ts";
import { runToolOk } from "./tool-harness.ts";

describe("csv-to-json", () => {
  it("keeps a __proto__ header as an ordinary member without polluting prototypes", async () => {
    const { rows, fields } = await runToolOk(csvToJson, { csv: "__proto__,b\npolluted,2\n" });
    expect(fields).toEqual(["__proto__", "b"]);
    expect(JSON.stringify(rows)).toBe('[{"__proto__":"polluted","b":"2"}]');
    expect(Object.prototype.hasOwnProperty.call(rows[0], "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("renames duplicate headers", async () => {
    const { rows, fields } = await runToolOk(csvToJson, { csv: "a,a,a\n1,2,3\n" });
    expect(fields).toEqual(["a", "a_1", "a_2"]);
    expect(JSON.parse(JSON.stringify(rows))).toEqual([{ a: "1", a_1: "2", a_2: "3" }]);
  });

  it("reports rows with too few or too many fields by data-row index", async () => {
    const { rows, errors } = await runToolOk(csvToJson, { csv: "a,b\n1\n2,3,4\n" });
    expect(JSON.parse(JSON.stringify(rows))).toEqual([{ a: "1" }, { a: "2", b: "3", __parsed_extra: ["4"] }]);
    expect(errors).toEqual([
      { row: 0, code: "TooFewFields", message: "Too few fields: expected 2 fields but parsed 1" },
      { row: 1, code: "TooManyFields", message: "Too many fields: expected 2 fields but parsed 3" },
    ]);
  });

  it("reports an unclosed quote", async () => {
    const { errors } = await runToolOk(csvToJson, { csv: 'a,b\n"x,1\n' });
    expect(errors.map((error) => error.code)).toContain("MissingQuotes");
  });

  it("auto-detects a semicolon delimiter", async () => {
    const { rows } = await runToolOk(csvToJson, { csv: "a;b\n1;2\n" });
    expect(JSON.parse(JSON.stringify(rows))).toEqual([{ a: "1", b: "2" }]);
  });
});
