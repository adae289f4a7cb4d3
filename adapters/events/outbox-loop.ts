import type { OutboxDispatcher } from "../../application/dispatch-outbox.ts";

export interface DispatchLoopOptions {
  /** How often due items are looked for when nothing wakes the loop. */
  readonly intervalMs?: number;
  /** Items in flight at once in this process: a slow endpoint holds one slot for at most its attempt's 15 s. */
  readonly maxInFlight?: number;
  readonly onError?: (error: unknown) => void;
}

/** How long closing waits for attempts in flight. */
const CLOSE_WAIT_MS = 5_000;

/** The running dispatch loop: `nudge` looks for due items at once; `close` stops claiming and waits for those in flight. */
export interface DispatchLoop {
  nudge(): void;
  close(): Promise<void>;
}

/**
 * Claims due items every `intervalMs` (and when nudged) while fewer than `maxInFlight` are in flight; never waits for
 * an item before claiming more, so one dead endpoint delays only its own deliveries.
 */
export function startDispatchLoop(dispatcher: OutboxDispatcher, options: DispatchLoopOptions = {}): DispatchLoop {
  const intervalMs = options.intervalMs ?? 1_000;
  const maxInFlight = options.maxInFlight ?? 64;
  const inFlight = new Set<Promise<void>>();
  let closed = false;
  let running = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = (delay: number) => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
    timer.unref();
  };
  async function tick(): Promise<void> {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    let full = false;
    try {
      const free = maxInFlight - inFlight.size;
      if (free > 0) {
        const work = await dispatcher.claim(Math.min(free, 32));
        full = work.length === Math.min(free, 32);
        for (const item of work) {
          inFlight.add(item);
          void item.finally(() => inFlight.delete(item));
        }
      }
    } catch (error) {
      options.onError?.(error);
    } finally {
      running = false;
    }
    schedule(again || full ? 0 : intervalMs);
    again = false;
  }
  schedule(0);
  return {
    nudge: () => schedule(0),
    close: async () => {
      closed = true;
      clearTimeout(timer);
      // Attempts still running past the bound are left to their lease: another instance (or the next start) retries them.
      let bound: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled([...inFlight]), new Promise((resolve) => (bound = setTimeout(resolve, CLOSE_WAIT_MS)))]);
      clearTimeout(bound);
    },
  };
}
