import { describe, expect, it } from "vitest";
import { jsonToXml } from "./json-to-xml.ts";
import { errorOf, outputOf } from "../testing/tool-harness.ts";

describe("json-to-xml", () => {
  it("refuses keys that are not XML names instead of writing broken XML", async () => {
    for (const json of ['{"a b":1}', '{"r":{"<x>":1}}', '{"1st":1}']) {
      expect((await errorOf(jsonToXml, { json })).code).toBe("invalid_input");
    }
  });

  it("refuses anything but an object with one root key", async () => {
    for (const json of ['{"a":1,"b":2}', "[1]", '"x"', '{"root":[1,2]}']) {
      expect((await errorOf(jsonToXml, { json })).code).toBe("invalid_input");
    }
  });

  it("escapes quotes and ampersands in attribute values", async () => {
    const { xml } = await outputOf(jsonToXml, { json: '{"a":{"@_t":"\\"&<"}}', indent: 0 });
    expect(xml).toBe('<a t="&quot;&amp;&lt;"></a>');
  });
});
