/** "2026-01-01 12:00 UTC": unambiguous for a team spread over time zones. */
export function formatTime(iso: string | null): string {
  if (iso === null) return "Never";
  return `${formatTimeShort(iso)} UTC`;
}

/** "2026-01-01 12:00", for table cells whose header says UTC. */
export const formatTimeShort = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;

/** "2026-01-01 12:00:30 UTC": to the second, for a moment a client must act before (a rotation's grace). */
export const formatTimeSeconds = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

/** "60 / min", "1,000 / hour", "5 / 30 s". */
export function formatLimit(limit: number, windowSeconds: number): string {
  const count = limit.toLocaleString("en-US");
  const named: Record<number, string> = { 1: "s", 60: "min", 3600: "hour", 86400: "day" };
  return named[windowSeconds] ? `${count} / ${named[windowSeconds]}` : `${count} / ${windowSeconds} s`;
}

// Made on first use: building a number format loads ICU's locale data, ≈ 25 ms of a server's start on Node 20.
let milliseconds: Intl.NumberFormat | undefined;

/** "0.69 ms", "21.25 ms", "1,204.00 ms": every latency the same way, with its unit; "–" when nothing was measured. */
export function formatLatency(ms: number | null): string {
  if (ms === null) return "–";
  milliseconds ??= new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${milliseconds.format(ms)} ms`;
}
