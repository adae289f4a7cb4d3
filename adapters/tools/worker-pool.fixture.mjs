// Test-only worker entry for worker-pool.test.ts: a worker that exits, runs out of memory or never yields.
export default async function runFixtureTask({ toolId }) {
  if (toolId === "exit") process.exit(3);
  if (toolId === "spin") for (;;);
  if (toolId === "oom") {
    const hoard = [];
    for (;;) hoard.push(new Array(1_000_000).fill(hoard.length));
  }
  return { ok: true, value: { toolId } };
}
