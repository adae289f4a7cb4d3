import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { allocationGuards, type GuardedMath, type MathNode, recursiveFunction } from "./math-limits.ts";

type Restricted = {
  parse(expression: string): MathNode;
  evaluate(expression: string, scope: Map<string, unknown>): unknown;
  /** Starts a new evaluation's element budget. */
  resetBudget(): void;
  format(value: unknown, options: { precision: number }): string;
  typeOf(value: unknown): string;
  isMatrix(value: unknown): boolean;
};

/**
 * The mathjs security guide's list, plus `config`: an expression calling config() would otherwise change number
 * handling for every later request on this instance.
 */
const DISABLED = ["import", "createUnit", "evaluate", "parse", "simplify", "derivative", "resolve", "compile", "reviver", "config"];

/** A result such as ones(1000, 1000) prints to megabytes; the response should not. */
const MAX_RESULT_CHARS = 1_048_576;

let restricted: Promise<Restricted> | undefined;

/** mathjs takes about a second to import, so it loads on first use and the restricted instance is kept. */
function loadRestricted(): Promise<Restricted> {
  restricted ??= import("mathjs").then(({ create, all }) => {
    const math = create(all);
    const evaluate = math.evaluate.bind(math) as Restricted["evaluate"];
    const parse = math.parse.bind(math) as unknown as Restricted["parse"];
    const refuse = (name: string) => () => {
      throw new Error(`Function ${name} is disabled`);
    };
    // Guards first: the second import disables `import` itself.
    const { guards, resetBudget } = allocationGuards(math as unknown as GuardedMath);
    math.import(guards, { override: true });
    math.import(Object.fromEntries(DISABLED.map((name) => [name, refuse(name)])), { override: true });
    return { parse, evaluate, resetBudget, format: math.format as Restricted["format"], typeOf: math.typeOf, isMatrix: math.isMatrix };
  });
  return restricted;
}

/** EVAL: mathjs's own parser over a restricted instance, never JS eval; runs in the worker pool under a time cap. */
export const mathEvaluator = defineTool({
  id: "math-evaluator",
  name: "Math Evaluator",
  category: "math",
  description: "Evaluate a math expression with mathjs: arithmetic, functions, units, complex numbers and matrices.",
  worker: true,
  timeoutMs: 10_000,
  input: {
    type: "object",
    required: ["expression"],
    additionalProperties: false,
    properties: {
      expression: { type: "string", minLength: 1, maxLength: 1000, "x-tool-checks": "a math.js expression with a finite result" },
      precision: { type: "integer", minimum: 1, maximum: 64, default: 14 },
    },
  },
  output: {
    type: "object",
    required: ["result", "type"],
    additionalProperties: false,
    properties: { result: { type: "string" }, type: { type: "string" } },
  },
  examples: [
    {
      title: "Pythagoras",
      source: "python3 math.hypot(3, 4) == 5.0",
      input: { expression: "sqrt(3^2 + 4^2)", precision: 14 },
      output: { result: "5", type: "number" },
    },
    {
      title: "A repeating decimal to 14 significant digits",
      source: "python3 format(1/3, '.14g')",
      input: { expression: "1/3", precision: 14 },
      output: { result: "0.33333333333333", type: "number" },
    },
    {
      title: "Unit conversion",
      source: "NIST: 1 inch = 2.54 cm exactly, so 12.7 cm = 5 inch",
      input: { expression: "12.7 cm to inch", precision: 14 },
      output: { result: "5 inch", type: "Unit" },
    },
    {
      title: "Square root of a negative number",
      source: "python3 sympy.sqrt(-4) == 2*I",
      input: { expression: "sqrt(-4)", precision: 14 },
      output: { result: "2i", type: "Complex" },
    },
    {
      title: "Matrix inverse",
      source: "python3 sympy.Matrix([[1,2],[3,4]]).inv() == [[-2, 1], [3/2, -1/2]]",
      input: { expression: "inv([1, 2; 3, 4])", precision: 14 },
      output: { result: "[[-2, 1], [1.5, -0.5]]", type: "Matrix" },
    },
    {
      title: "Lower precision",
      source: "python3 format(math.pi, '.5g')",
      input: { expression: "pi", precision: 5 },
      output: { result: "3.1416", type: "number" },
    },
  ],
  run: async ({ expression, precision }: { expression: string; precision: number }) => {
    const math = await loadRestricted();
    try {
      const recursive = recursiveFunction(math.parse(expression));
      if (recursive) {
        return err(invalidField("expression", `User-defined functions may not call user-defined functions (${recursive} does): no recursion.`));
      }
      math.resetBudget();
      const value = math.evaluate(expression, new Map());
      const type = math.isMatrix(value) ? "Matrix" : math.typeOf(value);
      const result = math.format(value, { precision });
      if (result.length > MAX_RESULT_CHARS) return err(invalidField("expression", `The result is longer than ${MAX_RESULT_CHARS} characters.`));
      return ok({ result, type });
    } catch (error) {
      return err(invalidField("expression", `Cannot evaluate: ${(error as Error).message}`));
    }
  },
});
