import { describe, expect, it } from "vitest";
import { runToolError, runToolOk } from "./tool-harness.ts";
import { xmlToJson } from "./xml-to-json.ts";

const LAUGHS =
  '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">' +
  Array.from({ length: 8 }, (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level === 0 ? "" : level};`.repeat(10)}">`).join("") +
  "]><lolz>&lol8;</lolz>";

describe("xml-to-json", () => {
  it("does not expand a billion-laughs entity chain", async () => {
    const started = performance.now();
    const { json } = await runToolOk(xmlToJson, { xml: LAUGHS, indent: 0 });
    expect(json).toBe('{"lolz":"&lol8;"}');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("leaves even a simple DOCTYPE entity unexpanded", async () => {
    const xml = `<!DOCTYPE r [<!ENTITY big "${"y".repeat(9000)}">]><r>${"&big;".repeat(50_000)}</r>`;
    const { json } = await runToolOk(xmlToJson, { xml, indent: 0 });
    expect(json.length).toBeLessThan(xml.length);
    expect(json).not.toContain("yyy");
  });

  it("refuses an external entity (XXE)", async () => {
    const xml = '<?xml version="1.0"?><!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><foo>&xxe;</foo>';
    const error = await runToolError(xmlToJson, { xml });
    expect(error.code).toBe("invalid_input");
    expect(error.message).toMatch(/External entities/);
  });

  it("refuses __proto__ and constructor element names without polluting prototypes", async () => {
    for (const name of ["__proto__", "constructor"]) {
      const error = await runToolError(xmlToJson, { xml: `<r><${name}><polluted>1</polluted></${name}></r>` });
      expect(error.code).toBe("invalid_input");
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("keeps values as strings and decodes only predefined entities", async () => {
    const { json } = await runToolOk(xmlToJson, { xml: '<r n="007"><b>true</b><c>&lt;&#x1F600;&#xD800;</c></r>', indent: 0 });
    expect(JSON.parse(json)).toEqual({ r: { b: "true", c: "<😀&#xD800;", "@_n": "007" } });
  });

  it("refuses malformed XML with its line", async () => {
    const error = await runToolError(xmlToJson, { xml: "<a>\n<b></a>" });
    expect(error.message).toMatch(/line 2/);
  });
});
