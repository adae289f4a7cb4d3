import { describe, expect, it } from "vitest";
import { inCheckPhase } from "./check-phase.ts";

/** Queues `first` from a timer (outside any check phase) and resolves once the turn after its check phase has run. */
function fromATimer(first: (events: string[]) => void): Promise<string[]> {
  const events: string[] = [];
  return new Promise((resolve) => {
    setTimeout(() => {
      first(events);
      setImmediate(() => setImmediate(() => setImmediate(() => resolve(events))));
    }, 0);
  });
}

describe("inCheckPhase", () => {
  it("runs what one turn queued together in its check phase, in the order queued", async () => {
    const events = await fromATimer((log) => {
      inCheckPhase(() => log.push("a"));
      log.push("queued");
      inCheckPhase(() => log.push("b"));
    });
    expect(events.slice(0, 3)).toEqual(["queued", "a", "b"]);
  });

  it("leaves what a check phase's own work settles for the next turn's check phase when no follow-up was asked for", async () => {
    const events = await fromATimer((log) => {
      inCheckPhase(() => {
        setImmediate(() => log.push("next turn"));
        void Promise.resolve().then(() => inCheckPhase(() => log.push("answer")));
      });
    });
    expect(events).toEqual(["next turn", "answer"]);
  });

  it("runs what a follow-up's first pass settles in the same check phase, before the next turn", async () => {
    const events = await fromATimer((log) => {
      inCheckPhase(() => {
        setImmediate(() => log.push("next turn"));
        void Promise.resolve().then(() => inCheckPhase(() => log.push("answer")));
      }, { followUp: true });
    });
    expect(events).toEqual(["answer", "next turn"]);
  });

  it("runs what several runs of a turn settle in their follow-up, in order, before the next turn", async () => {
    const events = await fromATimer((log) => {
      for (const name of ["x", "y"]) {
        inCheckPhase(() => void Promise.resolve().then(() => inCheckPhase(() => log.push(`${name} answer`))), { followUp: true });
      }
      setImmediate(() => log.push("queued after both"));
    });
    expect(events).toEqual(["x answer", "y answer", "queued after both"]);
  });
});

describe("inCheckPhase when a run throws", () => {
  it("still runs the rest of its pass, then throws the first error as uncaught", async () => {
    const listeners = process.listeners("uncaughtException");
    process.removeAllListeners("uncaughtException");
    try {
      const uncaught = new Promise<unknown>((resolve) => process.once("uncaughtException", resolve));
      const ran: string[] = [];
      inCheckPhase(() => {
        throw new Error("first");
      });
      inCheckPhase(() => {
        throw new Error("second");
      });
      inCheckPhase(() => ran.push("after"));
      expect(((await uncaught) as Error).message).toBe("first");
      expect(ran).toEqual(["after"]);
    } finally {
      for (const listener of listeners) process.on("uncaughtException", listener);
    }
  });
});
