import { XMLValidator } from "fast-xml-parser";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { qrCodeGenerator } from "./qr-code-generator.ts";
import { formatWord, hasFinder, readCodewords, readFormatWords, readModules } from "./qr-svg-reader.ts";
import { errorOf, outputOf, refusalOf } from "../testing/tool-harness.ts";

/** Reads back level, mask and every codeword of a generated SVG symbol. */
function decode(svg: string, margin: number) {
  const grid = readModules(svg, margin);
  const [first, second] = readFormatWords(grid);
  expect(first).toBe(second);
  const matches = ["L", "M", "Q", "H"].flatMap((level) => [0, 1, 2, 3, 4, 5, 6, 7].map((mask) => ({ level, mask })));
  const format = matches.find(({ level, mask }) => formatWord(level, mask) === first);
  if (!format) throw new Error(`no valid format word: ${first.toString(2)}`);
  return { grid, ...format, codewords: readCodewords(grid, format.mask) };
}

describe("qr-code-generator", () => {
  it("encodes HELLO WORLD at 1-Q into the published codewords", async () => {
    // thonky.com QR tutorial worked example: 13 data codewords then 13 Reed–Solomon codewords.
    const output = await outputOf(qrCodeGenerator, { text: "HELLO WORLD", errorCorrectionLevel: "Q", margin: 4 });
    expect(output).toMatchObject({ format: "svg", version: 1, size: 21 });
    const { level, codewords, grid } = decode(output.svg, 4);
    expect(level).toBe("Q");
    expect(codewords).toEqual([
      32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236,
      168, 72, 22, 82, 217, 54, 156, 0, 46, 15, 180, 122, 16,
    ]);
    expect([hasFinder(grid, 0, 0), hasFinder(grid, 0, 14), hasFinder(grid, 14, 0)]).toEqual([true, true, true]);
  });

  it("encodes 01234567 at 1-M into the ISO/IEC 18004 Annex I codewords", async () => {
    const output = await outputOf(qrCodeGenerator, { text: "01234567", errorCorrectionLevel: "M", margin: 0 });
    const { level, codewords } = decode(output.svg, 0);
    expect(level).toBe("M");
    expect(codewords).toEqual([
      16, 32, 12, 86, 97, 128, 236, 17, 236, 17, 236, 17, 236, 17, 236, 17,
      165, 36, 212, 193, 237, 54, 199, 135, 44, 85,
    ]);
  });

  it("puts UTF-8 text in byte mode and grows the version with the level (ISO 18004 capacity table)", async () => {
    // 20 bytes: 1-L holds 17 bytes, 2-L 32, 2-H only 14 and 3-H 24.
    const text = "https://example.com/";
    expect((await outputOf(qrCodeGenerator, { text, errorCorrectionLevel: "L" })).version).toBe(2);
    const high = await outputOf(qrCodeGenerator, { text, errorCorrectionLevel: "H", margin: 1 });
    expect(high).toMatchObject({ version: 3, size: 29 });
    const small = await outputOf(qrCodeGenerator, { text: "hé", errorCorrectionLevel: "M", margin: 1 });
    const { codewords } = decode(small.svg, 1);
    // Byte mode 0100, an 8-bit count of 3, then the UTF-8 bytes 68 c3 a9.
    const bits = codewords.slice(0, 5).map((byte) => byte.toString(2).padStart(8, "0")).join("");
    expect(bits.slice(0, 12)).toBe("010000000011");
    expect(Buffer.from([0, 1, 2].map((i) => parseInt(bits.slice(12 + 8 * i, 20 + 8 * i), 2)))).toEqual(Buffer.from("hé", "utf8"));
  });

  it("writes well-formed, deterministic SVG with the requested colours", async () => {
    const input = { text: "determinism", darkColor: "#123456", lightColor: "#abcdef" };
    const a = await outputOf(qrCodeGenerator, input);
    expect(XMLValidator.validate(a.svg)).toBe(true);
    expect(a.svg).toContain('stroke="#123456"');
    expect(a.svg).toContain('fill="#abcdef"');
    expect((await outputOf(qrCodeGenerator, input)).svg).toBe(a.svg);
  });

  it("writes a PNG whose pixel size is (modules + 2 × margin) × scale", async () => {
    const output = await outputOf(qrCodeGenerator, { text: "HELLO WORLD", errorCorrectionLevel: "Q", format: "png", margin: 2, scale: 8 });
    expect(output.svg).toBeUndefined();
    const png = Buffer.from(output.pngBase64, "base64");
    expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([(21 + 4) * 8, (21 + 4) * 8]);
  });

  it("refuses text beyond the capacity of the level with invalid_input", async () => {
    // Version 40-H holds 1273 bytes.
    expect(await refusalOf(qrCodeGenerator, { text: "x".repeat(1300), errorCorrectionLevel: "H" })).toBe("tool");
  });

  it.each(['red" onload="alert(1)', "#12345", "url(#x)"])("refuses the colour %s through the schema", async (darkColor) => {
    expect(await refusalOf(qrCodeGenerator, { text: "x", darkColor })).toBe("schema");
  });
});

describe("qr-code-generator PNG size bound", () => {
  const input = (text: string, scale: number, margin: number) =>
    ({ text, errorCorrectionLevel: "L", format: "png", margin, scale, darkColor: "#000000", lightColor: "#ffffff" });

  it("renders a PNG up to 1600 px a side and refuses one pixel-row more, naming the bound", async () => {
    const text = "a".repeat(2048);
    const { size } = QRCode.create(text, { errorCorrectionLevel: "L" }).modules;
    const scale = Math.floor(1600 / size);
    const { pngBase64 } = (await outputOf(qrCodeGenerator, input(text, scale, 0))) as { pngBase64: string };
    // PNG IHDR: width at bytes 16–19.
    expect(Buffer.from(pngBase64, "base64").readUInt32BE(16)).toBe(size * scale);
    const error = await errorOf(qrCodeGenerator, input(text, 20, 16));
    expect(error.message).toBe(`The PNG would be ${(size + 32) * 20} × ${(size + 32) * 20} pixels, more than 1600 a side: lower scale or margin, or use SVG.`);
  });
});
