/** Elements any one matrix, array or range may hold (316 × 316, or 1:100000): `map` costs ≈ 300 ns an element here. */
export declare const MAX_MATRIX_ELEMENTS = 100000;
/** Elements all guarded calls of one evaluation may produce together: 1000 characters of `a + a + …` on 500 × 500 took 5 s. */
export declare const MAX_EVALUATION_ELEMENTS = 10000000;
/**
 * Matrix work one evaluation may do, in multiply-adds: a product m × k × n, a power of an n × n matrix n³ per
 * squaring, a decomposition or inverse 20 n³ (mathjs inverts a 300 × 300 matrix in 1.6 s but multiplies two in 80 ms).
 * `ones(300,300)^1000000` ran past the 10 s time cap; 300,000,000 took 1.2 s of products here.
 */
export declare const MAX_MATRIX_WORK = 150000000;
type Fn = ((...args: unknown[]) => unknown) & {
    transform?: Fn;
};
/** The parts of a mathjs instance the guards use. */
export interface GuardedMath {
    readonly [name: string]: unknown;
    readonly expression: {
        readonly transform: Readonly<Record<string, Fn>>;
    };
    isMatrix(value: unknown): boolean;
    size(value: unknown): unknown;
}
/**
 * Replacements (with their expression-parser transforms) that check the size of what a call would allocate before
 * making it, for `math.import(…, { override: true })`: `zeros(10000, 10000)` or `1:1e8` would otherwise exhaust the
 * heap long before any time cap.
 */
export declare function allocationGuards(math: GuardedMath): {
    guards: Record<string, Fn>;
    resetBudget(): void;
};
/** The parts of a mathjs expression node the recursion check reads. */
export interface MathNode {
    readonly type: string;
    readonly name?: string;
    readonly expr?: MathNode;
    traverse(callback: (node: MathNode) => void): void;
}
/**
 * The name of a user-defined function whose body refers to a user-defined function, or undefined. Without that,
 * recursion is impossible, and an expression has no loops: `f(n) = f(n-1) + f(n-1)` would otherwise run for hours.
 */
export declare function recursiveFunction(tree: MathNode): string | undefined;
export {};
