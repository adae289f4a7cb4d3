/**
 * Waits until this machine's clock reads `epochMs` or later. Tests wait for an instant a server decides by (a grace's
 * or a key's end) this way rather than sleep a fixed time: a timer may fire a little early, and on a loaded machine
 * any fixed sleep is either too short or wasted. Servers in other processes read the same clock.
 */
export async function untilClockReaches(epochMs: number): Promise<void> {
  if (!Number.isFinite(epochMs)) throw new Error(`no instant to wait for (${epochMs})`);
  while (Date.now() < epochMs) await new Promise((resolve) => setTimeout(resolve, Math.max(1, epochMs - Date.now())));
}
