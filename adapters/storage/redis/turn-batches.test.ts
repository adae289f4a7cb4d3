import { describe, expect, it } from "vitest";
import type { Deadline } from "./redis-connection.ts";
import { TurnBatches } from "./turn-batches.ts";

/** A call the test answers itself: what it was sent, and how to settle it. */
interface SentCall {
  readonly args: string;
  readonly count: number;
  readonly deadline: Deadline;
  readonly at: number;
  answer(): void;
  fail(error: Error): void;
}

/** TurnBatches over a send the test settles by hand; each caller's reply is `<args>#<index>`. */
function batches(deadline: Deadline = { ms: 1000 }) {
  const sent: SentCall[] = [];
  const turns = new TurnBatches<string, string>(deadline, (args, count, given) =>
    new Promise((resolve, reject) => {
      sent.push({ args, count, deadline: given, at: performance.now(), answer: () => resolve((i) => `${args}#${i}`), fail: reject });
    }));
  return { turns, sent };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("TurnBatches", () => {
  it("sends the calls of one id in one turn as one call, each caller getting its own reply in the order they came", async () => {
    const { turns, sent } = batches();
    const replies = Promise.all([turns.add("a", "a"), turns.add("a", "a"), turns.add("b", "b"), turns.add("a", "a")]);
    await nextTurn();
    expect(sent.map(({ args, count }) => [args, count])).toEqual([["a", 3], ["b", 1]]);
    sent.forEach((call) => call.answer());
    expect(await replies).toEqual(["a#0", "a#1", "b#0", "a#2"]);
  });

  it("holds the calls that come while their id's call is in flight, over any number of turns, and sends them as one call once it settles", async () => {
    const { turns, sent } = batches();
    const first = turns.add("a", "a");
    await nextTurn();
    const held: Promise<string>[] = [];
    for (let turn = 0; turn < 5; turn++) {
      held.push(turns.add("a", "a"), turns.add("a", "a"));
      await nextTurn();
    }
    const other = turns.add("b", "b");
    await nextTurn();
    expect(sent.map(({ args, count }) => [args, count])).toEqual([["a", 1], ["b", 1]]);

    sent[0].answer();
    expect(await first).toBe("a#0");
    expect(sent.map(({ args, count }) => [args, count])).toEqual([["a", 1], ["b", 1], ["a", 10]]);
    sent[2].answer();
    expect(await Promise.all(held)).toEqual(Array.from({ length: 10 }, (_, i) => `a#${i}`));

    // Nothing in flight for "a" any more: the next call goes in its own turn again.
    const later = turns.add("a", "a");
    await nextTurn();
    expect(sent.at(-1)).toMatchObject({ args: "a", count: 1 });
    sent.at(-1)?.answer();
    sent[1].answer();
    expect([await later, await other]).toEqual(["a#0", "b#0"]);
  });

  it("rejects the callers of a failed call, and still sends the calls that waited for it", async () => {
    const { turns, sent } = batches();
    const failed = turns.add("a", "a");
    await nextTurn();
    const waited = turns.add("a", "a");
    await nextTurn();
    sent[0].fail(new Error("Redis did not answer"));
    await expect(failed).rejects.toThrow("Redis did not answer");
    expect(sent).toHaveLength(2);
    sent[1].answer();
    expect(await waited).toBe("a#0");
  });

  it("sends a batch that waited with what is left of the deadline since its first caller came, so no caller waits past it in all", async () => {
    const missed = () => undefined;
    const { turns, sent } = batches({ ms: 1000, missed });
    void turns.add("a", "a").catch(() => undefined);
    await nextTurn();
    expect(sent[0].deadline).toEqual({ ms: 1000, missed });
    const waited = turns.add("a", "a");
    const came = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const settled = performance.now();
    sent[0].fail(new Error("Redis did not answer"));
    await nextTurn();
    const { deadline } = sent[1];
    expect(deadline.missed).toBe(missed);
    expect(deadline.ms).toBeGreaterThanOrEqual(0);
    // What it had waited by the time the call before it settled, and what its own call may take: at most the deadline
    // in all (none left: 0). Read before the settling, so no pause of a loaded machine can widen the bound.
    expect(deadline.ms).toBeLessThanOrEqual(Math.max(0, 1000 - (settled - came)));
    expect(deadline.ms).toBeLessThan(1000);
    sent[1].answer();
    await waited;
  });

  it("rejects the callers of a send that throws, and the id's next calls go out as usual", async () => {
    let throws = true;
    const turns = new TurnBatches<string, string>({ ms: 1000 }, (args) => {
      if (throws) throw new Error("bug in send");
      return Promise.resolve((i) => `${args}#${i}`);
    });
    await expect(turns.add("a", "a")).rejects.toThrow("bug in send");
    throws = false;
    expect(await turns.add("a", "a")).toBe("a#0");
  });
});
