import { describe, expect, it, vi } from "vitest";
import { windowAt } from "../../domain/rate-limit.ts";
import { clearOfWindowEnd, COUNTED_WINDOW_SECONDS } from "./rate-window.ts";

describe("clearOfWindowEnd", () => {
  it("waits out the last minutes of a fixed window and no more, so a test's hits land in one window", async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 27, 23, 58, 30) });
    try {
      let done = false;
      const waiting = clearOfWindowEnd().then(() => (done = true));
      await vi.advanceTimersByTimeAsync(89_000);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1_100);
      await waiting;
      expect(windowAt(COUNTED_WINDOW_SECONDS * 1000, Date.now()).resetInMs).toBeGreaterThan(86_000_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it("does not wait when the window has more than the margin left", async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 27, 23, 56, 59) });
    try {
      let done = false;
      void clearOfWindowEnd().then(() => (done = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
