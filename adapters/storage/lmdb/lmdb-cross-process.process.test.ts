import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv } from "../../testing/child-env.ts";
import { makeKey } from "../api-key-store.contract.ts";
import type { Storage } from "../storage.ts";
import { openEmbeddedStorage } from "./embedded-storage.ts";
import type { CountingAnswer, CountingOrder } from "./testing/counting-child.ts";

const CHILD = join(import.meta.dirname, "testing", "counting-child.ts");
const PROCESSES = 3;
const dataDir = mkdtempSync(join(tmpdir(), "lmdb-processes-"));
const children: ChildProcess[] = [];
let storage: Storage;

/** A counting child on `dataDir`, once it has opened the store. */
function startChild(): Promise<ChildProcess> {
  // node --import tsx keeps the child in this one process (the tsx binary would add a grandchild).
  const child = spawn(process.execPath, ["--import", "tsx", CHILD, dataDir], { env: childEnv(), stdio: ["ignore", "inherit", "inherit", "ipc"] });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once("message", () => resolve(child));
    child.once("exit", (code) => reject(new Error(`counting child exited with ${code}`)));
  });
}

function ask(child: ChildProcess, order: CountingOrder): Promise<CountingAnswer> {
  return new Promise((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`counting child exited with ${code}`));
    child.once("message", (answer) => {
      child.off("exit", exited); // a child answers many orders: one exit listener each would pile up
      resolve(answer as CountingAnswer);
    });
    child.once("exit", exited);
    child.send(order);
  });
}

beforeAll(async () => {
  await Promise.all(Array.from({ length: PROCESSES }, startChild));
  storage = openEmbeddedStorage(dataDir);
});

afterAll(async () => {
  await storage?.close();
  await Promise.all(children.map((child) => new Promise((resolve) => {
    if (child.exitCode !== null || !child.connected) return resolve(undefined);
    child.once("exit", resolve);
    child.send({ kind: "exit" } satisfies CountingOrder);
  })));
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the embedded store shared by several processes (server workers, the CLI)", () => {
  it("hands out every rate-limit count once: processes racing on one bucket get exactly 1..N, and N is the count", async () => {
    const turns = 30;
    const perTurn = 10;
    const total = PROCESSES * turns * perTurn;
    for (let run = 0; run < 5; run++) {
      const bucket = `race-${run}`;
      const answers = await Promise.all(children.map((child) => ask(child, { kind: "hits", bucket, turns, perTurn })));
      const counts = answers.flatMap((answer) => answer.counts).sort((a, b) => a - b);
      expect(counts).toEqual(Array.from({ length: total }, (_, i) => i + 1));
      expect((await storage.limits.peek(bucket, 3_600_000)).count).toBe(total);
    }
  });

  it("counts a key's units exactly when processes read it at once: limit 100, 1,000 reads, exactly 100 allowed (5 runs)", async () => {
    for (let run = 0; run < 5; run++) {
      const key = makeKey({ policy: { limit: 100, windowMs: 3_600_000 } });
      await storage.keys.save(key);
      const perChild = Math.ceil(1_000 / PROCESSES);
      const answers = await Promise.all(children.map((child) => ask(child, { kind: "key reads", secretHash: key.secretHash, turns: 10, perTurn: perChild / 10 })));
      const counts = answers.flatMap((answer) => answer.counts).sort((a, b) => a - b);
      expect(counts.filter((count) => count <= 100)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
      expect(counts.filter((count) => count > 100).length).toBe(counts.length - 100);
      expect((await storage.limits.peek(key.id, 3_600_000)).count).toBe(101);
    }
  });

  it("sees a revocation another process committed on the very next key read, after a read of its own", async () => {
    const key = makeKey();
    await storage.keys.save(key);
    expect((await storage.keys.findByHashCounting?.(key.secretHash))?.hit?.count).toBe(1);
    await ask(children[0], { kind: "revoke", id: key.id });
    const after = await storage.keys.findByHashCounting?.(key.secretHash);
    expect(after?.key.status).toBe("revoked");
    expect(after?.hit).toBeUndefined();
  });

  it("counts every usage addition once when processes add to the same bucket at once", async () => {
    const at = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    const adds = 60;
    await Promise.all(children.map((child) => ask(child, { kind: "usage", scope: "key:k1", at, adds })));
    const [bucket] = await storage.usage.read("key:k1", "hour", [at]);
    expect(bucket.get("calls")).toBe(PROCESSES * adds);
  });
});
