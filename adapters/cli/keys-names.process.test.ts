import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEmbeddedStorage } from "../storage/open-storage.ts";
import { createKeyWithCli, runKeysCli } from "../testing/process.ts";

// Each hostile name with how `keys list` must print it, escapes written out by hand.
const HOSTILE: readonly (readonly [string, string])[] = [
  ["\u001b[2J\u001b[31mRED", "\\u{1B}[2J\\u{1B}[31mRED"],
  ["line1\nline2", "line1\\u{A}line2"],
  ["csi\u009b2J", "csi\\u{9B}2J"],
  ["gnp\u202e.exe", "gnp\\u{202E}.exe"],
  ["nul\u0000bell\u0007", "nul\\u{0}bell\\u{7}"],
];
// Anything that acts on a terminal instead of showing; the output's own line ends are checked apart.
const ACTING = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/u;

let env: Record<string, string>;
const ids: string[] = [];

/** Saves a key's name as an older version (with no name rule) would have: straight into the store. */
async function storeNameDirectly(id: string, name: string): Promise<void> {
  const storage = openEmbeddedStorage(env.DATA_DIR);
  try {
    // The store's own write, under no use case and so under no name rule.
    if (!(await storage.keys.update(id, (key) => ({ ...key, name })))) throw new Error(`no key ${id}`);
  } finally {
    await storage.close();
  }
}

beforeAll(async () => {
  env = { DATA_DIR: mkdtempSync(join(tmpdir(), "keys-names-")) };
  for (const [name] of HOSTILE) {
    const { id } = await createKeyWithCli(env);
    await storeNameDirectly(id, name);
    ids.push(id);
  }
}, 60_000);

afterAll(() => rmSync(env.DATA_DIR, { recursive: true, force: true }));

describe("keys names stored by an older version", () => {
  it("lists each on its own line, every control and bidi character escaped as \\u{…}", async () => {
    const { code, stdout } = await runKeysCli(["list"], env);
    expect(code).toBe(0);
    expect(stdout).not.toMatch(ACTING);
    const lines = stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(1 + HOSTILE.length);
    HOSTILE.forEach(([, shown], i) => {
      const row = lines.find((line) => line.startsWith(ids[i]));
      expect(row).toContain(`  ${shown}  `);
    });
  }, 30_000);

  it("keeps `list --json` JSON with the names exactly as stored, no acting character raw", async () => {
    const { code, stdout } = await runKeysCli(["list", "--json"], env);
    expect(code).toBe(0);
    expect(stdout.trimEnd()).not.toMatch(ACTING);
    const listed = JSON.parse(stdout) as { id: string; name: string }[];
    HOSTILE.forEach(([name], i) => expect(listed.find((k) => k.id === ids[i])?.name).toBe(name));
  }, 30_000);

  it("escapes the name in the human answers of update and revoke", async () => {
    const updated = await runKeysCli(["update", ids[0], "--limit", "5"], env);
    expect(updated.stdout).toBe(`Updated ${ids[0]} (${HOSTILE[0][1]}, 5/60s)\n`);
    const revoked = await runKeysCli(["revoke", ids[3]], env);
    expect(revoked.stdout).toBe(`Revoked ${ids[3]} (${HOSTILE[3][1]}).\n`);
  }, 30_000);
});

describe("keys names typed on the command line", () => {
  it("refuses a control or bidi character in create and update with exit code 2, naming the flag and the character", async () => {
    const created = await runKeysCli(["create", "--name", "ok\u001b[2J"], env);
    expect(created.code).toBe(2);
    expect(created.stderr).toBe("--name must not contain control or bidirectional-override characters (found U+001B at 3)\n");
    const updated = await runKeysCli(["update", ids[1], "--name", "exe\u202e.png"], env);
    expect(updated.code).toBe(2);
    expect(updated.stderr).toBe("--name must not contain control or bidirectional-override characters (found U+202E at 4)\n");
    const listed = JSON.parse((await runKeysCli(["list", "--json"], env)).stdout) as { id: string; name: string }[];
    expect(listed.find((k) => k.id === ids[1])?.name).toBe(HOSTILE[1][0]);
  }, 30_000);
});
