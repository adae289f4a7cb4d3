import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { base64Decode } from "./base64-decode.ts";
import { base64Encode } from "./base64-encode.ts";
import { binaryToText } from "./binary-to-text.ts";
import { punycodeConverter } from "./punycode-converter.ts";
import { outputOf, refusalOf, zeroContext } from "../testing/tool-harness.ts";
import { textToBinary } from "./text-to-binary.ts";
import { textToUnicodeEscapes } from "./text-to-unicode-escapes.ts";
import { urlDecode } from "./url-decode.ts";
import { urlEncode } from "./url-encode.ts";

describe("base64-decode", () => {
  it.each(["aGVs*bG8", "Zg=", "Zm9vY", "Zm9v=Yg==", "Zg===", "é"])("refuses %j instead of decoding it leniently", async (base64) => {
    expect(await refusalOf(base64Decode, { base64 })).toBe("tool");
  });

  it.each(["a G V s * b G 8", "Z g =", "Zm9v\nY", "Zm9v=\nYg==", "Zg=\t=\n=", "Zm9v\u00A0"])("refuses %j with whitespace as without", async (base64) => {
    expect(await refusalOf(base64Decode, { base64 })).toBe("tool");
  });

  it("decodes Base64 with ASCII whitespace anywhere, padding or not, in both alphabets", async () => {
    const whitespace = fc.array(fc.constantFrom(" ", "\t", "\n", "\r", "\f"), { maxLength: 2 }).map((parts) => parts.join(""));
    const encoded = fc.record({ text: fc.string({ unit: "binary", maxLength: 40 }), url: fc.boolean(), padded: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(encoded, fc.array(whitespace, { minLength: 80, maxLength: 80 }), async ({ text, url, padded }, gaps) => {
        const plain = Buffer.from(text).toString(url ? "base64url" : "base64");
        const base64 = padded ? plain.padEnd(Math.ceil(plain.length / 4) * 4, "=") : plain.replace(/=+$/, "");
        const spaced = [...base64].map((char, index) => gaps[index % gaps.length] + char).join("") + gaps[0];
        expect(await outputOf(base64Decode, { base64: spaced }, zeroContext)).toEqual({ text, byteLength: Buffer.byteLength(text) });
      }),
      { numRuns: 300 },
    );
  });

  it("refuses bytes that are not UTF-8", async () => {
    expect(await refusalOf(base64Decode, { base64: "/w==" })).toBe("tool");
  });

  it("keeps a leading byte order mark", async () => {
    expect(await outputOf(base64Decode, { base64: "77u/YQ" }, zeroContext)).toEqual({ text: "\uFEFFa", byteLength: 4 });
  });

  it("round-trips base64-encode in both alphabets", async () => {
    const text = "ÿ?>~ 𝄞 \u0000";
    for (const urlSafe of [false, true]) {
      const { base64 } = await outputOf(base64Encode, { text, urlSafe }, zeroContext);
      expect((await outputOf(base64Decode, { base64 }, zeroContext)).text).toBe(text);
    }
  });
});

describe("url-encode and url-decode", () => {
  it("refuse a lone surrogate with 422 at validation, before encodeURIComponent could throw", async () => {
    expect(await refusalOf(urlEncode, { text: "a\uD800b" })).toBe("schema");
    expect(await refusalOf(urlEncode, { text: "\uDC00", mode: "uri" })).toBe("schema");
  });

  it.each(["%", "%E0%A4%A", "%C3", "100%"])("url-decode refuses malformed %j", async (text) => {
    expect(await refusalOf(urlDecode, { text })).toBe("tool");
  });
});

describe("text-to-binary and binary-to-text", () => {
  it("refuse what has no UTF-8 form", async () => {
    expect(await refusalOf(textToBinary, { text: "\uD83D" })).toBe("schema");
    expect(await refusalOf(binaryToText, { binary: "11000011" })).toBe("tool");
  });

  it("refuses a bit count that is not a multiple of 8, and foreign characters at the schema", async () => {
    expect(await refusalOf(binaryToText, { binary: "0100100" })).toBe("tool");
    expect(await refusalOf(binaryToText, { binary: "01001000 2" })).toBe("schema");
  });

  it("round-trips any separator made of whitespace", async () => {
    const text = "Grüße, 世界 🌍";
    const { binary } = await outputOf(textToBinary, { text, separator: "\n" }, zeroContext);
    expect(await outputOf(binaryToText, { binary }, zeroContext)).toEqual({ text });
  });
});

describe("punycode-converter", () => {
  it.each(["xn--a.com", "ex ample.com", "xn--.com"])("refuses the invalid domain %j", async (domain) => {
    expect(await refusalOf(punycodeConverter, { domain })).toBe("tool");
  });

  it("applies IDNA mapping (case folding) on the way to ASCII", async () => {
    expect(await outputOf(punycodeConverter, { domain: "MÜNCHEN.DE" }, zeroContext)).toEqual({ result: "xn--mnchen-3ya.de" });
  });
});

describe("text-to-unicode-escapes", () => {
  it("gives the empty string for empty text in every format", async () => {
    for (const format of ["codepoints", "html-decimal", "html-hex", "js", "es6"]) {
      expect(await outputOf(textToUnicodeEscapes, { text: "", format }, zeroContext)).toEqual({ result: "" });
    }
  });
});
