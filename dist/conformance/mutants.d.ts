import type { Mutant } from "./mutating-proxy.ts";
/** A fault, and the words the suite's report must use for it. */
export interface NamedMutant extends Mutant {
    readonly reported: RegExp;
}
/** The faults the mutation test injects, one at a time, each as a deployment that differs in one way. */
export declare const MUTANTS: readonly NamedMutant[];
/** A harmless difference: one operation more than this checkout documents, which no case exercises. */
export declare const DRIFT_ONLY: Mutant;
