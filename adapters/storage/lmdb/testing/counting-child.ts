/**
 * A process of its own on the embedded store under the DATA_DIR given as its argument, as a server worker is: it counts
 * on the parent's word (IPC) and answers what it got, so a test can race several processes on the same files.
 */
import { revoke } from "../../../../domain/api-key.ts";
import { openEmbeddedStorage } from "../embedded-storage.ts";

/** What the parent asks: hits on one bucket in turns of `perTurn` concurrent calls, or usage additions to one bucket. */
export type CountingOrder =
  | { readonly kind: "hits"; readonly bucket: string; readonly turns: number; readonly perTurn: number }
  | { readonly kind: "usage"; readonly scope: string; readonly at: number; readonly adds: number }
  | { readonly kind: "key reads"; readonly secretHash: string; readonly turns: number; readonly perTurn: number }
  | { readonly kind: "revoke"; readonly id: string }
  | { readonly kind: "exit" };

/** The child's answer to an order: the counts its hits (or its key reads) were given (in no particular order), or nothing. */
export interface CountingAnswer {
  readonly counts: readonly number[];
}

const HOUR_MS = 3_600_000;
const dataDir = process.argv[2];
if (!dataDir || !process.send) throw new Error("usage: counting-child.ts <DATA_DIR>, started with an IPC channel");
const storage = openEmbeddedStorage(dataDir);

async function carryOut(order: Exclude<CountingOrder, { kind: "exit" }>): Promise<CountingAnswer> {
  const counts: number[] = [];
  if (order.kind === "hits") {
    for (let turn = 0; turn < order.turns; turn++) {
      const hits = await Promise.all(Array.from({ length: order.perTurn }, () => storage.limits.hit(order.bucket, HOUR_MS)));
      counts.push(...hits.map((hit) => hit.count));
    }
    return { counts };
  }
  if (order.kind === "key reads") {
    for (let turn = 0; turn < order.turns; turn++) {
      const reads = await Promise.all(Array.from({ length: order.perTurn }, () => storage.keys.findByHashCounting?.(order.secretHash)));
      counts.push(...reads.map((read) => read?.hit?.count ?? 0));
    }
    return { counts };
  }
  if (order.kind === "revoke") {
    await storage.keys.update(order.id, (key) => revoke(key, Date.now()));
    return { counts };
  }
  const write = { scope: order.scope, granularity: "hour" as const, at: order.at, expiresAt: Date.now() + HOUR_MS, fields: new Map([["calls", 1]]) };
  for (let i = 0; i < order.adds; i++) await storage.usage.add([write]);
  return { counts };
}

process.on("message", (order: CountingOrder) => {
  if (order.kind === "exit") {
    void storage.close().then(() => process.disconnect());
    return;
  }
  carryOut(order).then(
    (answer) => process.send?.(answer),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
process.send({ ready: true });
