/** Elements any one matrix, array or range may hold (316 × 316, or 1:100000): `map` costs ≈ 300 ns an element here. */
export const MAX_MATRIX_ELEMENTS = 100_000;
/** Elements all guarded calls of one evaluation may produce together: 1000 characters of `a + a + …` on 500 × 500 took 5 s. */
export const MAX_EVALUATION_ELEMENTS = 10_000_000;
/**
 * Matrix work one evaluation may do, in multiply-adds: a product m × k × n, a power of an n × n matrix n³ per
 * squaring, a decomposition or inverse 20 n³ (mathjs inverts a 300 × 300 matrix in 1.6 s but multiplies two in 80 ms).
 * `ones(300,300)^1000000` ran past the 10 s time cap; 300,000,000 took 1.2 s of products here.
 */
export const MAX_MATRIX_WORK = 150_000_000;
/** Functions that cost ≈ 20 n³ multiply-adds on an n × n matrix. */
const CUBIC = ["inv", "det", "lup", "lusolve", "qr", "slu", "eigs", "expm", "sqrtm", "pinv", "schur", "lyap", "sylvester", "usolve", "lsolve"];
/** Functions whose result size follows from size arguments, and the element count each would build. */
const SIZED = {
    zeros: (args) => sizeProduct(args),
    ones: (args) => sizeProduct(args),
    identity: (args) => (numbers(args).length === 1 ? sizeProduct(args) ** 2 : sizeProduct(args)),
    random: (args, math) => (isCollection(args[0], math) ? sizeProduct([args[0]]) : 1),
    randomInt: (args, math) => (isCollection(args[0], math) ? sizeProduct([args[0]]) : 1),
    resize: (args) => sizeProduct([args[1]]),
    range: (args) => rangeLength(args),
    kron: (args, math) => elements(args[0], math) * elements(args[1], math),
    concat: (args, math) => args.reduce((sum, arg) => sum + elements(arg, math), 0),
    diag: (args, math) => (dimensions(args[0], math).length === 1 ? (elements(args[0], math) + Math.abs(Number(args[1] ?? 0))) ** 2 : 1),
};
/** Element-wise functions that broadcast: the result takes the larger extent of each dimension. */
const BROADCAST = ["add", "subtract", "dotMultiply", "dotDivide", "dotPow", "mod", "equal", "unequal", "larger", "largerEq",
    "smaller", "smallerEq", "and", "or", "xor", "bitAnd", "bitOr", "bitXor", "atan2", "gcd", "lcm", "leftShift", "rightArithShift"];
/**
 * Replacements (with their expression-parser transforms) that check the size of what a call would allocate before
 * making it, for `math.import(…, { override: true })`: `zeros(10000, 10000)` or `1:1e8` would otherwise exhaust the
 * heap long before any time cap.
 */
export function allocationGuards(math) {
    const guards = {};
    let produced = 0;
    let work = 0;
    const spend = (units) => {
        work += units;
        if (!(work <= MAX_MATRIX_WORK))
            throw new RangeError(`the expression would take more than ${MAX_MATRIX_WORK} matrix multiply-adds`);
    };
    const checkElements = (count) => {
        if (!(count <= MAX_MATRIX_ELEMENTS))
            throw new RangeError(`the result would have more than ${MAX_MATRIX_ELEMENTS} elements`);
        produced += count;
        if (produced > MAX_EVALUATION_ELEMENTS) {
            throw new RangeError(`the expression would produce more than ${MAX_EVALUATION_ELEMENTS} matrix elements in all`);
        }
    };
    const wrap = (name, estimate) => {
        const original = math[name];
        if (typeof original !== "function")
            return;
        const guard = (...args) => (estimate(args), original(...args));
        const transform = math.expression.transform[name];
        // A rawArgs transform receives unevaluated nodes, not values: nothing to measure before it runs.
        if (transform?.rawArgs)
            guard.transform = transform;
        else if (transform)
            guard.transform = (...args) => (estimate(args), transform(...args));
        guards[name] = guard;
    };
    for (const [name, count] of Object.entries(SIZED))
        wrap(name, (args) => checkElements(count(args, math)));
    for (const name of BROADCAST)
        wrap(name, (args) => checkElements(broadcastElements(args, math)));
    wrap("multiply", (args) => (spend(productWork(args, math)), checkElements(broadcastElements(args, math))));
    wrap("pow", (args) => spend(powerWork(args, math)));
    for (const name of CUBIC)
        wrap(name, (args) => spend(20 * Math.max(0, ...dimensions(args[0], math)) ** 3));
    return { guards, resetBudget: () => (produced = work = 0) };
}
function productWork(args, math) {
    const [a, b] = [dimensions(args[0], math), dimensions(args[1], math)];
    return a.length === 2 && b.length >= 1 ? a[0] * a[1] * (b[1] ?? 1) : 0;
}
/** Exponentiation by squaring: up to two n³ products per bit of the exponent. */
function powerWork(args, math) {
    const [n] = dimensions(args[0], math);
    const [exponent] = numbers([args[1]]);
    if (n === undefined || exponent === undefined)
        return 0;
    return 2 * n ** 3 * Math.ceil(Math.log2(Math.abs(exponent) + 2));
}
function broadcastElements(args, math) {
    const shapes = args.slice(0, 2).map((arg) => dimensions(arg, math));
    const rank = Math.max(...shapes.map((shape) => shape.length));
    let count = 1;
    for (let d = 0; d < rank; d++)
        count *= Math.max(...shapes.map((shape) => shape[d] ?? 1));
    return count;
}
function isCollection(value, math) {
    return Array.isArray(value) || math.isMatrix(value);
}
function dimensions(value, math) {
    if (!isCollection(value, math))
        return [];
    const size = math.size(value);
    return numbers([size]);
}
function elements(value, math) {
    return dimensions(value, math).reduce((product, extent) => product * extent, 1);
}
/** Every number in the arguments, through arrays, matrices (their valueOf) and BigNumbers; strings are skipped. */
function numbers(args) {
    return args.flatMap((arg) => {
        if (typeof arg === "number")
            return [arg];
        if (Array.isArray(arg))
            return numbers(arg);
        if (arg && typeof arg === "object" && typeof arg.valueOf === "function") {
            const value = arg.valueOf();
            if (Array.isArray(value))
                return numbers(value);
            const number = Number(value);
            return Number.isNaN(number) ? [] : [number];
        }
        return [];
    });
}
function sizeProduct(args) {
    return numbers(args).reduce((product, extent) => product * Math.abs(extent), 1);
}
function rangeLength(args) {
    const parts = typeof args[0] === "string" ? args[0].split(":").map(Number) : numbers(args.slice(0, 3));
    const [start, end, step = 1] = parts.length === 2 && typeof args[0] === "string" ? [...parts, 1] : parts;
    if (parts.length < 2 || step === 0)
        return 1;
    return Math.abs((end - start) / step) + 1;
}
/**
 * The name of a user-defined function whose body refers to a user-defined function, or undefined. Without that,
 * recursion is impossible, and an expression has no loops: `f(n) = f(n-1) + f(n-1)` would otherwise run for hours.
 */
export function recursiveFunction(tree) {
    const definitions = [];
    tree.traverse((node) => {
        if (node.type === "FunctionAssignmentNode")
            definitions.push(node);
    });
    const names = new Set(definitions.map((node) => node.name));
    for (const definition of definitions) {
        let refers = false;
        definition.expr?.traverse((node) => {
            if (node.type === "SymbolNode" && names.has(node.name))
                refers = true;
        });
        if (refers)
            return definition.name;
    }
    return undefined;
}
