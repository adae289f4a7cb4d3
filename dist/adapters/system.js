import { randomBytes } from "node:crypto";
/** The wall clock. */
export class SystemClock {
    now() {
        return Date.now();
    }
}
/** A clock that stands still until moved; for tests and fixtures. */
export class FixedClock {
    current;
    constructor(current) {
        this.current = current;
    }
    now() {
        return this.current;
    }
    advance(ms) {
        this.current += ms;
    }
}
/** node:crypto's CSPRNG. */
export class CryptoSecretSource {
    randomBytes(size) {
        return randomBytes(size);
    }
}
/** The context tools get in production: the system clock and the CSPRNG. */
export function systemToolContext() {
    return { now: () => Date.now(), randomBytes: (size) => randomBytes(size) };
}
