import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { mathEvaluator } from "./math-evaluator.ts";
import { errorOf, outputOf, refusalOf } from "../testing/tool-harness.ts";

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
    expect(await refusalOf(mathEvaluator, { expression })).toBe("tool");
  });

  it.each(["[1,2].constructor", 'cos["constructor"]("return process")()', 'a = {}; a["__proto__"]', "sin.call(1, 2)", "sin.apply"])(
    "refuses property access that could reach JavaScript: %s",
    async (expression) => {
      expect(await refusalOf(mathEvaluator, { expression })).toBe("tool");
    },
  );

  it("keeps number handling unchanged after an attempt to reconfigure", async () => {
    await refusalOf(mathEvaluator, { expression: 'config({number: "BigNumber"})' });
    expect(await evaluate("0.1 + 0.2", 17)).toEqual({ result: "0.30000000000000004", type: "number" });
  });

  it("does not leak variables from one request to the next", async () => {
    expect(await evaluate("secret = 42")).toEqual({ result: "42", type: "number" });
    expect(await refusalOf(mathEvaluator, { expression: "secret" })).toBe("tool");
  });

  it("refuses a result that prints to more than 1 MiB", async () => {
    expect(await refusalOf(mathEvaluator, { expression: "ones(600, 600)" })).toBe("tool");
  });

  it("refuses a syntax error with invalid_input", async () => {
    expect(await refusalOf(mathEvaluator, { expression: "2 +* 3" })).toBe("tool");
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

describe("math-evaluator allocation bounds", () => {
  it("sums 1:100000 (n(n+1)/2 = 5000050000) and refuses 1:100001 and 1:100000000 before allocating", async () => {
    const { result } = await outputOf(mathEvaluator, { expression: "sum(1:100000)", precision: 14 });
    expect(Number(result)).toBe((100_000 * 100_001) / 2);
    for (const expression of ["sum(1:100001)", "sum(1:100000000)", "sum(range(1, 100000001))"]) {
      const error = await errorOf(mathEvaluator, { expression });
      expect(error.message).toBe("Cannot evaluate: the result would have more than 100000 elements");
    }
  });

  it.each(["zeros(10000,10000)", "ones(317,316)", "identity(317)", "resize([1], [1000,1000])", "kron(ones(400,1), ones(400,1))",
    "diag(1:317)", "size(ones(1,1000) + ones(1000,1))", "randomInt([1000,1000], 5)", "a=ones(300,300); concat(a,a)"])(
    "refuses %s, naming the element bound",
    async (expression) => {
      expect((await errorOf(mathEvaluator, { expression })).message).toMatch(/more than 100000 elements/);
    },
  );

  it("allows a 316 × 316 matrix (99,856 elements)", async () => {
    expect(await outputOf(mathEvaluator, { expression: "size(ones(316,316))", precision: 14 })).toEqual({ result: "[316, 316]", type: "Array" });
  });

  it("refuses an expression producing more than 10,000,000 elements in all", async () => {
    const expression = `a=ones(316,316); ${Array(110).fill("a").join("+")}`;
    expect((await errorOf(mathEvaluator, { expression })).message).toMatch(/more than 10000000 matrix elements in all/);
  });

  it("refuses recursive user functions, which could run for hours, and keeps plain ones", async () => {
    const error = await errorOf(mathEvaluator, { expression: "f(n) = n > 0 ? f(n-1) + f(n-1) : 1; f(40)" });
    expect(error.message).toMatch(/no recursion/);
    expect(await outputOf(mathEvaluator, { expression: "f(x) = x^2; f(3)", precision: 14 })).toEqual({ result: "[9]", type: "ResultSet" });
  });
});

describe("math-evaluator matrix work bound", () => {
  it.each(["ones(300,300)^1000000", "size(inv(ones(300,300) + identity(300)))", "a=ones(300,300); size(a*a*a*a*a*a*a*a*a*a*a*a*a*a)"])(
    "refuses %s quickly, naming the bound",
    async (expression) => {
      expect((await errorOf(mathEvaluator, { expression })).message).toBe(
        "Cannot evaluate: the expression would take more than 150000000 matrix multiply-adds",
      );
      // Generous: the products before the budget runs out take ≈ 0.5 s on this shared 2-core machine.
    },
  );

  it("still raises a small matrix to a power: [1,2;3,4]^3 = [[37,54],[81,118]]", async () => {
    expect(await outputOf(mathEvaluator, { expression: "[1,2;3,4]^3", precision: 14 })).toEqual({ result: "[[37, 54], [81, 118]]", type: "Matrix" });
  });
});
