import { describe, expect, it } from "vitest";
import { inTurn, judgedComparisons, middleHalf, type PairedRatio } from "./paired.ts";
import type { Measurement, Scenario } from "./scenarios.ts";
import { evaluateTargets } from "./targets.ts";

const scenario = (server: string, name: string): Scenario => ({
  id: `${server}:${name}`,
  request: { url: "http://127.0.0.1:1/", method: "POST", headers: {}, body: "{}" },
  expectStatus: 200,
  pid: 1,
  describe: () => ({ id: `${server}:${name}`, server, scenario: name }),
});
const row = (server: string, name: string, cpuUs: number): { server: string; scenario: string } & Measurement =>
  ({ server, scenario: name, rps: 1000, p50: 1, p99: 1, requests: 1000, cpuUs, preemptedPer100: 0, offMainUs: 0 });
const pair = (reference: string, subject: string, ratio: number, referenceUs: number, subjectUs: number, half: [number, number] = [ratio - 0.02, ratio + 0.02]): PairedRatio =>
  ({ reference, subject, ratio, referenceUs, subjectUs, pairs: 6, middleHalf: half });
const judged = (targets: ReturnType<typeof evaluateTargets>, prefix: string) => targets.find((t) => t.name.startsWith(prefix));

describe("the CPU targets judged on pairs run back to back", () => {
  it("compares bare with each store's execute, and each execute with its 401 and its 429, and nothing else", () => {
    const scenarios = ["bare:bare POST", "h3 floor:h3 floor POST", "embedded:execute hash-text", "embedded:execute json-formatter 10KB",
      "embedded:401 bad key", "embedded:429 spent key", "redis:execute hash-text", "redis:429 spent key", "embedded, WORKERS=2:execute hash-text"]
      .map((id) => scenario(id.slice(0, id.indexOf(":")), id.slice(id.indexOf(":") + 1)));
    expect(judgedComparisons(scenarios).map(({ reference, subject }) => `${reference.id} / ${subject.id}`)).toEqual([
      "bare:bare POST / embedded:execute hash-text", "embedded:execute hash-text / embedded:401 bad key",
      "embedded:execute hash-text / embedded:429 spent key", "bare:bare POST / redis:execute hash-text",
      "redis:execute hash-text / redis:429 spent key",
    ]);
  });

  it("judges the share of bare and the refusals on the pairs' median ratios where measured, on the rounds' medians otherwise", () => {
    // The rounds caught bare in a fast phase of the machine and execute in a slow one: 50%; the pairs say 65%.
    const rows = [row("bare", "bare POST", 40), row("embedded", "execute hash-text", 80), row("embedded", "429 spent key", 70), row("embedded", "401 bad key", 90)];
    const paired = [pair("bare:bare POST", "embedded:execute hash-text", 0.65, 39, 60), pair("embedded:execute hash-text", "embedded:429 spent key", 0.95, 57, 60)];
    const targets = evaluateTargets(rows, { paired });
    expect(judged(targets, "embedded: execute server CPU per request ≥ 60.0%")).toMatchObject({ met: true, measured: "65.0% (median of 6 back-to-back pairs' ratios, their middle half 63.0%–67.0%; medians 39 vs 60 µs)" });
    expect(judged(targets, "embedded: 429 spent key server CPU")).toMatchObject({ met: false, measured: "0.95 (median of 6 back-to-back pairs' ratios, their middle half 0.93–0.97; medians 57 vs 60 µs)" });
    expect(judged(targets, "embedded: 401 bad key server CPU")).toMatchObject({ met: false, measured: "0.89 (80 vs 90 µs)" });
    expect(judged(evaluateTargets(rows), "embedded: execute server CPU per request ≥ 60.0%")).toMatchObject({ met: false, measured: "50.0% (40 vs 80 µs)" });
  });
});

describe("how far a paired verdict can be trusted", () => {
  it("gives the pairs' lower and upper quartile ratios by nearest rank, whatever their order", () => {
    expect(middleHalf([0.7, 0.4, 0.6, 0.5])).toEqual([0.4, 0.6]);
    // 12 pairs: the 3rd and the 9th smallest.
    expect(middleHalf([12, 1, 11, 2, 10, 3, 9, 4, 8, 5, 7, 6].map((n) => n / 10))).toEqual([0.3, 0.9]);
    expect(middleHalf([0.55])).toEqual([0.55, 0.55]);
  });

  it("says when a target's line lies inside the pairs' middle half, and keeps the verdict on the median", () => {
    const rows = [row("bare", "bare POST", 40), row("embedded", "execute hash-text", 70), row("embedded", "401 bad key", 50)];
    const near = [pair("bare:bare POST", "embedded:execute hash-text", 0.58, 22, 38, [0.52, 0.63]), pair("embedded:execute hash-text", "embedded:401 bad key", 1.3, 38, 29, [1.1, 1.4])];
    const targets = evaluateTargets(rows, { paired: near });
    expect(judged(targets, "embedded: execute server CPU per request ≥ 60.0%")).toMatchObject({
      met: false, measured: "58.0% (median of 6 back-to-back pairs' ratios, their middle half 52.0%–63.0%; medians 22 vs 38 µs; the line 60.0% lies inside that middle half)",
    });
    expect(judged(targets, "embedded: 401 bad key server CPU")?.measured).not.toContain("the line");
  });
});

describe("loads in turn", () => {
  it("runs every arm once a round, round r led by arm r, and keeps each arm's measurements in round order", async () => {
    const order: string[] = [];
    const arm = (name: string) => async () => {
      order.push(name);
      return { rps: order.length, p50: 0, p99: 0, requests: 1, cpuUs: order.length, preemptedPer100: 0, offMainUs: 0 };
    };
    const [a, b, c] = await inTurn(4, [arm("a"), arm("b"), arm("c")]);
    expect(order.join("")).toBe("abcbcacababc");
    expect(a.map((x) => x.cpuUs)).toEqual([1, 6, 8, 10]);
    expect(b.map((x) => x.cpuUs)).toEqual([2, 4, 9, 11]);
    expect(c.map((x) => x.cpuUs)).toEqual([3, 5, 7, 12]);
  });
});
