import type { WorkspaceUsageReport } from "../../../../application/query-usage.ts";
import type { UsageCounts } from "../../../../domain/usage.ts";
import { html, type SafeHtml } from "../html.ts";
import { formatLatency, formatTimeShort } from "./format.ts";
import { type Chrome, layout } from "./layout.ts";

/** The ranges the page offers: its query value, label, length and bucket size. */
export const USAGE_RANGES = [
  { id: "1h", label: "Last hour", lastMs: 3_600_000, granularity: "minute" },
  { id: "24h", label: "Last 24 hours", lastMs: 86_400_000, granularity: "hour" },
  { id: "30d", label: "Last 30 days", lastMs: 30 * 86_400_000, granularity: "day" },
] as const;
export type UsageRange = (typeof USAGE_RANGES)[number];

const COLUMNS = html`<th scope="col" class="num">Calls</th><th scope="col" class="num">Success</th><th scope="col" class="num">Client errors</th><th scope="col" class="num">Rate limited</th><th scope="col" class="num">Server errors</th><th scope="col" class="num">Latency <span class="tz">p50</span></th><th scope="col" class="num">Latency <span class="tz">p95</span></th>`;

/**
 * The workspace's usage for one range: charts drawn by usage.js from the series table, and every number as tables
 * that read without JavaScript. Cells carry their raw value in `data-value`.
 */
export function usagePage(chrome: Chrome, workspaceName: string, range: UsageRange, usage: WorkspaceUsageReport): SafeHtml {
  const tabs = USAGE_RANGES.map((candidate) =>
    html`<a href="/dashboard/usage?range=${candidate.id}"${candidate.id === range.id ? html` aria-current="page"` : ""}>${candidate.label}</a>`);
  return layout("Usage", html`<link rel="stylesheet" href="/dashboard/vendor/uPlot.min.css">
<link rel="stylesheet" href="/dashboard/assets/usage.css">
<script src="/dashboard/vendor/uPlot.iife.min.js" defer></script>
<script src="/dashboard/assets/usage.js" defer></script>
<div class="page-head"><div><h1>Usage</h1><p class="subtle">${workspaceName} · <span id="usage-range" data-from="${usage.from}" data-to="${usage.to}" data-granularity="${usage.granularity}">${formatTimeShort(usage.from)} to ${formatTimeShort(usage.to)} UTC, per ${usage.granularity}</span></p></div></div>
<nav class="usage-ranges" aria-label="Range">${tabs}</nav>
<section class="card" aria-labelledby="totals-heading">
<h2 id="totals-heading">Totals</h2>
<div class="table-wrap"><table id="usage-totals"><thead><tr>${COLUMNS}<th scope="col" class="num">Latency <span class="tz">p99</span></th></tr></thead>
<tbody><tr>${countCells(usage.totals)}${latencyCell("Latency p99", usage.totals.latencyMs.p99)}</tr></tbody></table></div>
</section>
<section class="card" aria-labelledby="series-heading">
<h2 id="series-heading">Calls over time</h2>
<div id="usage-charts" class="usage-charts" aria-hidden="true"></div>
<details class="usage-series"><summary>Every ${usage.granularity} as a table</summary>
<div class="table-wrap"><table id="usage-series"><thead><tr><th scope="col">Start <span class="tz">UTC</span></th>${COLUMNS}</tr></thead>
<tbody>${usage.series.map((bucket) => html`<tr data-at="${Date.parse(bucket.at)}"><td data-label="Start (UTC)" class="nowrap"><time datetime="${bucket.at}">${formatTimeShort(bucket.at)}</time></td>${countCells(bucket)}</tr>`)}</tbody></table></div>
</details>
</section>
<div class="usage-tops">
${topTable("keys", "Top keys", "Key", usage.keys.map((row) => ({ id: row.keyId, label: row.name ?? row.keyId, counts: row })))}
${topTable("tools", "Top tools", "Tool", usage.tools.map((row) => ({ id: row.toolId, label: row.toolId, counts: row })))}
</div>`, chrome);
}

const TOP_ROWS = 10;

function topTable(id: string, title: string, what: string, rows: readonly { id: string; label: string; counts: UsageCounts }[]): SafeHtml {
  const body = rows.length === 0
    ? html`<div class="empty"><strong>No calls in this range</strong>Calls to the execute routes with this workspace's keys are counted here.</div>`
    : html`<div class="table-wrap"><table id="usage-${id}"><thead><tr><th scope="col">${what}</th>${COLUMNS}</tr></thead>
<tbody>${rows.slice(0, TOP_ROWS).map((row) => html`<tr data-id="${row.id}"><td data-label="${what}" class="name">${row.label}</td>${countCells(row.counts)}</tr>`)}</tbody></table></div>`;
  return html`<section class="card" aria-labelledby="${id}-heading"><h2 id="${id}-heading">${title}</h2>${body}</section>`;
}

function countCells(counts: UsageCounts): SafeHtml {
  return html`${numberCell("Calls", counts.calls)}${numberCell("Success", counts.success)}${numberCell("Client errors", counts.clientError)}${numberCell("Rate limited", counts.rateLimited)}${numberCell("Server errors", counts.serverError)}${latencyCell("Latency p50", counts.latencyMs.p50)}${latencyCell("Latency p95", counts.latencyMs.p95)}`;
}

function numberCell(label: string, value: number | null): SafeHtml {
  return html`<td data-label="${label}" class="num" data-value="${value ?? ""}">${value === null ? "–" : value.toLocaleString("en-US")}</td>`;
}

/** A latency in one format with its unit ("0.69 ms" beside "21.25 ms"); the raw value stays in data-value. */
function latencyCell(label: string, ms: number | null): SafeHtml {
  return html`<td data-label="${label}" class="num nowrap" data-value="${ms ?? ""}" data-latency>${formatLatency(ms)}</td>`;
}
