import type { Clock, SecretSource } from "../application/ports.ts";
import type { ToolContext } from "../domain/tool.ts";
/** The wall clock. */
export declare class SystemClock implements Clock {
    now(): number;
}
/** A clock that stands still until moved; for tests and fixtures. */
export declare class FixedClock implements Clock {
    private current;
    constructor(current: number);
    now(): number;
    advance(ms: number): void;
}
/** node:crypto's CSPRNG. */
export declare class CryptoSecretSource implements SecretSource {
    randomBytes(size: number): Uint8Array;
}
/** The context tools get in production: the system clock and the CSPRNG. */
export declare function systemToolContext(): ToolContext;
