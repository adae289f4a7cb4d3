import { describe, expect, it } from "vitest";
import type { WorkspaceUsageReport } from "../../../../application/query-usage.ts";
import type { UsageCounts } from "../../../../domain/usage.ts";
import { formatLatency } from "./format.ts";
import type { Chrome } from "./layout.ts";
import { USAGE_RANGES, usagePage } from "./usage-page.ts";

const CHROME: Chrome = { email: "ada@example.com", csrfToken: "t", workspaces: [], currentWorkspaceId: "ws_1", section: "usage" };

const counts = (calls: number, p50: number | null, p95: number | null, p99: number | null = p95): UsageCounts =>
  ({ calls, success: calls, clientError: 0, rateLimited: 0, serverError: 0, latencyMs: { p50, p95, p99 }, errorCodes: {} });

const REPORT: WorkspaceUsageReport = {
  workspaceId: "ws_1", from: "2026-01-01T00:00:00.000Z", to: "2026-01-02T00:00:00.000Z", granularity: "hour", retainedFrom: "2025-12-01T00:00:00.000Z",
  totals: counts(9, 0.694, 21.25, 1204),
  series: [{ at: "2026-01-01T00:00:00.000Z", ...counts(0, null, null) }, { at: "2026-01-01T01:00:00.000Z", ...counts(9, 0.694, 21.25) }],
  tools: [{ toolId: "hash-text", ...counts(9, 0.05, 3) }],
  keys: [{ keyId: "key_1", name: "ci", ...counts(9, 12.5, 21.25) }],
};

describe("formatLatency", () => {
  it.each([
    [0.694, "0.69 ms"], [21.25, "21.25 ms"], [3, "3.00 ms"], [0.005, "0.01 ms"], [1204, "1,204.00 ms"], [null, "–"],
  ])("shows %s as %s: one format, always with its unit", (ms, text) => {
    expect(formatLatency(ms)).toBe(text);
  });
});

describe("the usage page's latencies", () => {
  it("prints every latency cell in one format with its unit (no bare 0.694 beside 21.25), keeping the raw value in data-value", () => {
    const page = usagePage(CHROME, "Team", USAGE_RANGES[1], REPORT).__html;
    const cells = [...page.matchAll(/<td [^>]*data-value="([^"]*)" data-latency>([^<]*)<\/td>/g)].map((match) => ({ raw: match[1], text: match[2] }));
    // Totals p50/p95/p99, two series rows, one tool row and one key row, two latencies each.
    expect(cells).toHaveLength(3 + 2 * 2 + 2 + 2);
    for (const cell of cells) expect(cell.text).toMatch(cell.raw === "" ? /^–$/ : /^\d{1,3}(,\d{3})*\.\d{2} ms$/);
    expect(cells.slice(0, 3).map((cell) => cell.text)).toEqual(["0.69 ms", "21.25 ms", "1,204.00 ms"]);
    expect(cells[0].raw).toBe("0.694");
    expect(page).not.toMatch(/>0\.694</);
  });
});
