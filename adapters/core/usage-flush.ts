import type { RecordUsage } from "../../application/record-usage.ts";

/** How often counted usage is written: the contract's "at most every 5 s"; a crash loses at most this much. */
export const USAGE_FLUSH_EVERY_MS = 5_000;

/** A running flush timer; `close` stops it and writes what is left (graceful stop). */
export interface UsageFlush {
  close(): Promise<void>;
}

/** Flushes the recorder every `everyMs` (unref'd: it never keeps a process alive); failures go to `onError`. */
export function startUsageFlush(recorder: RecordUsage, onError: (error: unknown) => void, everyMs = USAGE_FLUSH_EVERY_MS): UsageFlush {
  const timer = setInterval(() => recorder.flush().catch(onError), everyMs);
  timer.unref();
  return {
    async close() {
      clearInterval(timer);
      await recorder.flush().catch(onError);
    },
  };
}
