import { randomBytes } from "node:crypto";
import type { Clock, SecretSource } from "../application/ports.ts";
import type { ToolContext } from "../domain/tool.ts";

/** The wall clock. */
export class SystemClock implements Clock {
  now(): number {
    return Date.now();
  }
}

/** A clock that stands still until moved; for tests and fixtures. */
export class FixedClock implements Clock {
  constructor(private current: number) {}

  now(): number {
    return this.current;
  }

  advance(ms: number): void {
    this.current += ms;
  }
}

/** node:crypto's CSPRNG. */
export class CryptoSecretSource implements SecretSource {
  randomBytes(size: number): Uint8Array {
    return randomBytes(size);
  }
}

/** The context tools get in production: the system clock and the CSPRNG. */
export function systemToolContext(): ToolContext {
  return { now: () => Date.now(), randomBytes: (size) => randomBytes(size) };
}
