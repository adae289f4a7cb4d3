import { type DomainError } from "../../../domain/errors.ts";
/** Instructions a compiled pattern may hold; re2js compiles ≈ 7 µs an instruction (220,000 took 1.6 s here). */
export declare const MAX_REGEX_PROGRAM = 20000;
/**
 * Program size × text length: re2js's NFA walks every instruction for every character when no literal lets it skip,
 * 18–25 ns a step here (4,005 instructions over 100 KiB took 7.4 s; over 12,000 characters 1.2 s), so this keeps a run
 * well under a second.
 */
export declare const MAX_REGEX_WORK = 25000000;
/**
 * An upper estimate of re2js's program size, from the pattern text alone, so that a pattern like `a{0,1000}` × 110
 * is refused before the compiler spends seconds on it. Atoms count 1, groups their content plus 2, each `|`, `*`,
 * `+`, `?` 1, and `{n,m}` repeats the preceding atom max(n, m) + 1 times.
 */
export declare function estimatedProgramSize(pattern: string): number;
export declare function programTooLarge(size: number): DomainError;
/** The refusal when running a program of `size` instructions over `textLength` characters would pass MAX_REGEX_WORK. */
export declare function workRefusal(size: number, textLength: number): DomainError | undefined;
