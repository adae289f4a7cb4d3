// Draws the usage page's charts from its series table (progressive enhancement: the tables carry every number).
"use strict";

const OUTCOMES = [
  { label: "Success", column: 1, stroke: "#137a4b" },
  { label: "Client errors", column: 2, stroke: "#b7791f" },
  { label: "Rate limited", column: 3, stroke: "#4f46e5" },
  { label: "Server errors", column: 4, stroke: "#c81e3a" },
];
const LATENCIES = [
  { label: "p50", column: 5, stroke: "#4f46e5" },
  { label: "p95", column: 6, stroke: "#c81e3a" },
];

const COUNT = new Intl.NumberFormat("en-US");
const MS = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
// The page states its range in UTC: the axis and the legend do too, whatever the browser's time zone.
const UTC_TIME = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" });

/** "2026-01-01 12:00 UTC" for epoch seconds. */
function utcText(seconds) {
  const parts = Object.fromEntries(UTC_TIME.formatToParts(new Date(seconds * 1000)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} UTC`;
}

const formatCount = (value) => (value === null ? "–" : COUNT.format(value));
const formatMs = (value) => (value === null ? "–" : `${MS.format(value)} ms`);

/**
 * A legend value: empty while no point is hovered (uPlot's own placeholder is "--"), else the value in `format`.
 * The legend's `idle` class (set in drawChart) hides the empty cells and their colons meanwhile.
 */
const legendValue = (format) => (_chart, value, _series, index) => (index === null || index === undefined ? "" : format(value ?? null));

/** The series table as columns: bucket starts in seconds, then each numeric column (null where empty). */
function readSeries(table) {
  const rows = [...table.tBodies[0].rows];
  const value = (row, column) => {
    const text = row.cells[column + 1].getAttribute("data-value");
    return text === "" ? null : Number(text);
  };
  return {
    x: rows.map((row) => Number(row.getAttribute("data-at")) / 1000),
    column: (column) => rows.map((row) => value(row, column)),
  };
}

function drawChart(container, title, data, lines, width, format) {
  const figure = document.createElement("figure");
  figure.className = "usage-chart";
  const caption = document.createElement("figcaption");
  caption.textContent = title;
  figure.appendChild(caption);
  container.appendChild(figure);
  const options = {
    width,
    height: 220,
    tzDate: (seconds) => window.uPlot.tzDate(new Date(seconds * 1000), "Etc/UTC"),
    series: [
      { label: "Time", value: legendValue(utcText) },
      ...lines.map((line) => ({ label: line.label, stroke: line.stroke, width: 2, spanGaps: false, value: legendValue(format) })),
    ],
    axes: [{}, { size: 70, values: (_chart, splits) => splits.map((value) => (format === formatMs ? `${COUNT.format(value)} ms` : COUNT.format(value))) }],
    scales: { x: { time: true } },
    hooks: { setLegend: [(chart) => markIdle(chart)] },
  };
  const chart = new window.uPlot(options, [data.x, ...lines.map((line) => data.column(line.column))], figure);
  markIdle(chart);
  return chart;
}

/** Whether the legend shows values (a point is hovered) or only the series' names. */
function markIdle(chart) {
  const legend = chart.root.querySelector(".u-legend");
  if (legend) legend.classList.toggle("idle", chart.legend.idx === null || chart.legend.idx === undefined);
}

function drawUsageCharts() {
  const container = document.getElementById("usage-charts");
  const table = document.getElementById("usage-series");
  if (!container || !table || typeof window.uPlot !== "function") return;
  const data = readSeries(table);
  const width = () => Math.max(280, container.clientWidth - 8);
  const charts = [
    drawChart(container, "Calls by outcome", data, OUTCOMES, width(), formatCount),
    drawChart(container, "Latency (ms)", data, LATENCIES, width(), formatMs),
  ];
  container.setAttribute("data-drawn", String(charts.length));
  window.addEventListener("resize", () => charts.forEach((chart) => chart.setSize({ width: width(), height: 220 })));
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", drawUsageCharts);
else drawUsageCharts();
