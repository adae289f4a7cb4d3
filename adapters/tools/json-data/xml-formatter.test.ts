import { describe, expect, it } from "vitest";
import { xmlFormatter } from "./xml-formatter.ts";
import { errorOf, outputOf } from "../testing/tool-harness.ts";

describe("xml-formatter", () => {
  it("refuses malformed XML that the formatter alone would repair", async () => {
    for (const xml of ["<a><b></a>", "<a", "<a></a><b></b>", "<a>&</a>", "text"]) {
      expect((await errorOf(xmlFormatter, { xml })).code).toBe("invalid_input");
    }
  });

  it("keeps DOCTYPE entities as written, without expanding them", async () => {
    const { formatted } = await outputOf(xmlFormatter, { xml: '<!DOCTYPE r [<!ENTITY x "yyyy">]><r>&x;</r>', indent: 2 });
    expect(formatted).toBe('<!DOCTYPE r [<!ENTITY x "yyyy">]>\n<r>&x;</r>');
  });

  it("indents by the requested width", async () => {
    expect((await outputOf(xmlFormatter, { xml: "<a><b>1</b></a>", indent: 4 })).formatted).toBe("<a>\n    <b>1</b>\n</a>");
  });
});
