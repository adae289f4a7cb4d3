import type { RateLimitStore } from "../../application/ports.ts";
/** One store under test, its clock (the one its windows follow), and how to let time pass on it. */
export interface RateLimitStoreSubject {
    readonly store: RateLimitStore;
    /** Epoch ms on the store's own clock. */
    now(): Promise<number>;
    /** Lets `ms` pass on the store's clock (a fake clock advances; a real one is waited for). */
    elapse(ms: number): Promise<void>;
    close(): Promise<void>;
}
/** The RateLimitStore contract of application/ports.ts, run by every limiter's test (memory, Redis). */
export declare function describeRateLimitStore(name: string, make: () => Promise<RateLimitStoreSubject>): void;
