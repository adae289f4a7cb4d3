import { describe, expect, it } from "vitest";
import { xmlToJson } from "./xml-to-json.ts";
import { errorOf, outputOf } from "../testing/tool-harness.ts";

const LAUGHS =
  '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">' +
  Array.from({ length: 8 }, (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level === 0 ? "" : level};`.repeat(10)}">`).join("") +
  "]><lolz>&lol8;</lolz>";

describe("xml-to-json", () => {
  it("does not expand a billion-laughs entity chain", async () => {
    const { json } = await outputOf(xmlToJson, { xml: LAUGHS, indent: 0 });
    expect(json).toBe('{"lolz":"&lol8;"}');
  });

  it("leaves even a simple DOCTYPE entity unexpanded", async () => {
    const xml = `<!DOCTYPE r [<!ENTITY big "${"y".repeat(9000)}">]><r>${"&big;".repeat(50_000)}</r>`;
    const { json } = await outputOf(xmlToJson, { xml, indent: 0 });
    expect(json.length).toBeLessThan(xml.length);
    expect(json).not.toContain("yyy");
  });

  it("refuses an external entity (XXE)", async () => {
    const xml = '<?xml version="1.0"?><!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><foo>&xxe;</foo>';
    const error = await errorOf(xmlToJson, { xml });
    expect(error.code).toBe("invalid_input");
    expect(error.message).toMatch(/External entities/);
  });

  it("refuses __proto__ and constructor element names without polluting prototypes", async () => {
    for (const name of ["__proto__", "constructor"]) {
      const error = await errorOf(xmlToJson, { xml: `<r><${name}><polluted>1</polluted></${name}></r>` });
      expect(error.code).toBe("invalid_input");
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("keeps values as strings and decodes only predefined entities", async () => {
    const { json } = await outputOf(xmlToJson, { xml: '<r n="007"><b>true</b><c>&lt;&#x1F600;&#xD800;</c></r>', indent: 0 });
    expect(JSON.parse(json)).toEqual({ r: { b: "true", c: "<😀&#xD800;", "@_n": "007" } });
  });

  it("refuses malformed XML with its line", async () => {
    const error = await errorOf(xmlToJson, { xml: "<a>\n<b></a>" });
    expect(error.message).toMatch(/line 2/);
  });
});

describe("xml-to-json bounds", () => {
  const nested = (depth: number) => "<a>".repeat(depth) + "</a>".repeat(depth);
  const attributes = (count: number) => `<a ${Array.from({ length: count }, (_, i) => `x${i}="${i}"`).join(" ")}/>`;

  it("accepts 64 nested elements and refuses 65", async () => {
    const { json } = await outputOf(xmlToJson, { xml: nested(64), indent: 0 });
    // fast-xml-parser writes an empty element as "": one member per element.
    expect(json).toBe('{"a":'.repeat(64) + '""' + "}".repeat(64));
    expect((await errorOf(xmlToJson, { xml: nested(65) })).message).toBe("The document has nesting deeper than 64 levels.");
  });

  it("accepts 256 attributes on one element and refuses 257", async () => {
    const { json } = await outputOf(xmlToJson, { xml: attributes(256), indent: 0, attributePrefix: "@" });
    expect(Object.keys(JSON.parse(json).a)).toHaveLength(256);
    expect((await errorOf(xmlToJson, { xml: attributes(257) })).message).toBe("An element has more than 256 attributes.");
  });

  it("accepts 40,000 elements well inside a second and refuses 40,001", async () => {
    const list = (count: number) => `<r>${"<i/>".repeat(count - 1)}</r>`;
    const { json } = await outputOf(xmlToJson, { xml: list(40_000), indent: 0 });
    expect(JSON.parse(json).r.i).toHaveLength(39_999);
    expect((await errorOf(xmlToJson, { xml: list(40_001) })).message).toBe("The document has more than 40000 elements.");
  });

  it("ignores markup inside comments, CDATA and attribute values", async () => {
    const xml = `<r a="<b><b><b>"><!-- ${"<b>".repeat(100)} --><![CDATA[${"<c>".repeat(100)}]]></r>`;
    expect((await outputOf(xmlToJson, { xml, indent: 0 })).json).toContain("<b><b><b>");
  });
});
