import { readFileSync } from "node:fs";
import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { barcodeGenerator } from "./barcode-generator.ts";
import { outputOf, refusalOf } from "../testing/tool-harness.ts";

// GS1 General Specifications, EAN/UPC symbol character sets A (L), B (G) and C (R), and the EAN-13 parity table.
const L = ["0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011"];
const R = L.map((code) => [...code].map((bit) => (bit === "1" ? "0" : "1")).join(""));
const G = R.map((code) => [...code].reverse().join(""));
const PARITY = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"];

/** The 95 modules of an EAN-13 symbol, 1 = bar. */
function ean13Modules(digits: string): string {
  const d = [...digits].map(Number);
  const left = d.slice(1, 7).map((digit, i) => (PARITY[d[0]][i] === "L" ? L : G)[digit]).join("");
  const right = d.slice(7).map((digit) => R[digit]).join("");
  return `101${left}01010${right}101`;
}

/** Module string of a bwip-js SVG drawn at scale 1: each bar is a vertical stroke centred on x with a stroke-width. */
function modulesOf(svg: string, count: number): string {
  const modules = new Array<string>(count).fill("0");
  for (const [, width, d] of svg.matchAll(/stroke-width="(\d+)" d="([^"]+)"/g)) {
    for (const [, x] of d.matchAll(/M([\d.]+) [\d.]+L[\d.]+ [\d.]+/g)) {
      const start = Math.round(Number(x) - Number(width) / 2);
      for (let i = 0; i < Number(width); i++) modules[start + i] = "1";
    }
  }
  return modules.join("");
}

const bars = async (text: string, type: string) =>
  modulesOf((await outputOf(barcodeGenerator, { text, type, scale: 1, includeText: false })).svg, 95);

describe("barcode-generator", () => {
  it("draws the GS1 bar pattern of the EAN-13 example 5901234123457", async () => {
    expect(await bars("5901234123457", "ean13")).toBe(ean13Modules("5901234123457"));
  });

  it("draws UPC-A 036000291452 as the EAN-13 0036000291452", async () => {
    expect(await bars("036000291452", "upca")).toBe(ean13Modules("0036000291452"));
  });

  it("refuses a wrong check digit with the bwip-js message", async () => {
    const result = await barcodeGenerator.run({ text: "5901234123458", type: "ean13", scale: 2, height: 10, includeText: true }, {
      now: () => 0,
      randomBytes: (n) => new Uint8Array(n),
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toBe("Incorrect EAN-13 check digit provided");
  });

  it.each([
    ["lowercase in Code 39", "hello", "code39"],
    ["letters in EAN-8", "abcdefgh", "ean8"],
    ["a wrong length for ITF-14", "123", "itf14"],
  ])("refuses %s with invalid_input", async (_name, text, type) => {
    expect(await refusalOf(barcodeGenerator, { text, type })).toBe("tool");
  });

  it.each(["code128", "code39", "ean8", "itf14", "datamatrix", "pdf417"])("writes well-formed, deterministic SVG for %s", async (type) => {
    const text = { code128: "<script>x</script>", code39: "CODE-39", ean8: "96385074", itf14: "15400141288763", datamatrix: "<b>&</b>", pdf417: "PDF417" }[type];
    const first = (await outputOf(barcodeGenerator, { text, type })).svg;
    expect(XMLValidator.validate(first)).toBe(true);
    expect(first).not.toContain("<script");
    expect((await outputOf(barcodeGenerator, { text, type })).svg).toBe(first);
  });

  it("loads bwip-js lazily", () => {
    const source = readFileSync(new URL("./barcode-generator.ts", import.meta.url), "utf8");
    expect(source).not.toMatch(/^import[^\n]*from "bwip-js"/m);
  });
});
