import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { outputOf, refusalOf } from "../web/test-support.ts";
import { mathEvaluator } from "./math-evaluator.ts";

const evaluate = (expression: string, precision = 14) => outputOf(mathEvaluator, { expression, precision });

describe("math-evaluator", () => {
  it.each([
    'import({x: 1}, {override: true})',
    'createUnit("foo")',
    'evaluate("1 + 1")',
    'parse("1 + 1")',
    'simplify("x + x")',
    'derivative("x^2", "x")',
    'resolve("x")',
    'compile("1")',
    "reviver()",
    'config({number: "BigNumber"})',
  ])("refuses the disabled function in %s", async (expression) => {
    expect(await refusalOf(mathEvaluator, { expression })).toBe("invalid_input");
  });

  it.each(["[1,2].constructor", 'cos["constructor"]("return process")()', 'a = {}; a["__proto__"]', "sin.call(1, 2)", "sin.apply"])(
    "refuses property access that could reach JavaScript: %s",
    async (expression) => {
      expect(await refusalOf(mathEvaluator, { expression })).toBe("invalid_input");
    },
  );

  it("keeps number handling unchanged after an attempt to reconfigure", async () => {
    await refusalOf(mathEvaluator, { expression: 'config({number: "BigNumber"})' });
    expect(await evaluate("0.1 + 0.2", 17)).toEqual({ result: "0.30000000000000004", type: "number" });
  });

  it("does not leak variables from one request to the next", async () => {
    expect(await evaluate("secret = 42")).toEqual({ result: "42", type: "number" });
    expect(await refusalOf(mathEvaluator, { expression: "secret" })).toBe("invalid_input");
  });

  it("refuses a result that prints to more than 1 MiB", async () => {
    expect(await refusalOf(mathEvaluator, { expression: "ones(600, 600)" })).toBe("invalid_input");
  });

  it("refuses a syntax error with invalid_input", async () => {
    expect(await refusalOf(mathEvaluator, { expression: "2 +* 3" })).toBe("invalid_input");
  });

  it("returns every visible result of a multi-statement expression as a ResultSet", async () => {
    expect(await evaluate("f(x) = x^2; f(3)")).toEqual({ result: "[9]", type: "ResultSet" });
  });

  it("loads mathjs lazily, never with a top-level import", () => {
    const source = readFileSync(new URL("./math-evaluator.ts", import.meta.url), "utf8");
    expect(source).not.toMatch(/^import[^\n]*from "mathjs"/m);
    expect(mathEvaluator.worker).toBe(true);
  });
});
