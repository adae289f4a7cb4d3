// Draws the usage page's charts from its series table (progressive enhancement: the tables carry every number).
"use strict";

const OUTCOMES = [
  { label: "Success", column: 1, stroke: "#137a4b" },
  { label: "Client errors", column: 2, stroke: "#b7791f" },
  { label: "Rate limited", column: 3, stroke: "#4f46e5" },
  { label: "Server errors", column: 4, stroke: "#c81e3a" },
];
const LATENCIES = [
  { label: "p50 ms", column: 5, stroke: "#4f46e5" },
  { label: "p95 ms", column: 6, stroke: "#c81e3a" },
];

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

function drawChart(container, title, data, lines, width) {
  const figure = document.createElement("figure");
  figure.className = "usage-chart";
  const caption = document.createElement("figcaption");
  caption.textContent = title;
  figure.appendChild(caption);
  container.appendChild(figure);
  const options = {
    width,
    height: 220,
    series: [{}, ...lines.map((line) => ({ label: line.label, stroke: line.stroke, width: 2, spanGaps: false }))],
    axes: [{}, { size: 60 }],
    scales: { x: { time: true } },
  };
  return new window.uPlot(options, [data.x, ...lines.map((line) => data.column(line.column))], figure);
}

function drawUsageCharts() {
  const container = document.getElementById("usage-charts");
  const table = document.getElementById("usage-series");
  if (!container || !table || typeof window.uPlot !== "function") return;
  const data = readSeries(table);
  const width = () => Math.max(280, container.clientWidth - 8);
  const charts = [
    drawChart(container, "Calls by outcome", data, OUTCOMES, width()),
    drawChart(container, "Latency (ms)", data, LATENCIES, width()),
  ];
  container.setAttribute("data-drawn", String(charts.length));
  window.addEventListener("resize", () => charts.forEach((chart) => chart.setSize({ width: width(), height: 220 })));
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", drawUsageCharts);
else drawUsageCharts();
