import { describe, expect, it } from "vitest";
import { loremIpsumGenerator } from "./lorem-ipsum-generator.ts";
import { outputOf } from "../testing/tool-harness.ts";

describe("lorem-ipsum-generator", () => {
  it("returns exactly count words", async () => {
    const { text } = await outputOf(loremIpsumGenerator, { unit: "words", count: 37 });
    expect(text.split(" ")).toHaveLength(37);
  });

  it("returns count sentences and count paragraphs", async () => {
    const sentences = (await outputOf(loremIpsumGenerator, { unit: "sentences", count: 4 })).text;
    expect(sentences.match(/\./g)).toHaveLength(4);
    const paragraphs = (await outputOf(loremIpsumGenerator, { unit: "paragraphs", count: 5 })).text;
    expect(paragraphs.split("\n")).toHaveLength(5);
  });

  it("repeats seeded text exactly", async () => {
    const input = { unit: "paragraphs", count: 3, seed: 99 };
    expect(await outputOf(loremIpsumGenerator, input)).toEqual(await outputOf(loremIpsumGenerator, input));
  });
});
