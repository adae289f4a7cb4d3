import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Account } from "../../../domain/account.ts";
import { loadConfig } from "../../config.ts";
import { createToolCore } from "../../core/create-tool-core.ts";
import { TOKENS } from "../../container.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";
import { openEmbeddedStorage, openMemoryStorage } from "../open-storage.ts";
import { newEncryptionKey } from "../testing/sealing-backends.ts";
import type { ExportEntry } from "./export-format.ts";
import { openSnapshotSource } from "./open-snapshot.ts";
import { StorageTarget } from "./storage-target.ts";

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const dir = mkdtempSync(join(tmpdir(), "sealed-export-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("export and import of sealed secrets", () => {
  it("carry the sealed form as stored; the target opens it with the same key, and refuses it without one", async () => {
    const key = newEncryptionKey();
    const source = await createToolCore({ storage: openEmbeddedStorage(dir), tools: [hashText], encryptionKeys: [key], events: { dispatch: false } });
    const ada: Account = { id: "acct_ada", email: "ada@example.com", passwordHash: "x", createdAt: 1, totp: { secret: SECRET, lastStep: 0, enabledAt: 1 } };
    await source.services.container.get(TOKENS.accountStore).create(ada);
    await source.close();

    const loaded = loadConfig({ DATA_DIR: dir, ENCRYPTION_KEY: key });
    if (!loaded.ok) throw new Error(loaded.error.join("; "));
    const snapshot = await openSnapshotSource(loaded.value);
    const entries: ExportEntry[] = [];
    for await (const entry of snapshot.entries()) entries.push(entry);
    await snapshot.close();
    const exported = entries.find((entry) => entry.kind === "record" && entry.namespace === "accounts" && entry.key === "acct_ada");
    expect(JSON.stringify(exported)).toMatch(/"secret":"enc:v1:[0-9a-f]{8}:/);
    expect(JSON.stringify(entries)).not.toContain(SECRET);

    const storage = openMemoryStorage();
    const target = new StorageTarget(storage);
    for (const entry of entries) await target.write(entry);
    const withKey = await createToolCore({ storage, tools: [hashText], encryptionKeys: [newEncryptionKey(), key], events: { dispatch: false } });
    expect((await withKey.services.container.get(TOKENS.accountStore).findById("acct_ada"))?.totp?.secret).toBe(SECRET);
    const withoutKey = await createToolCore({ storage, tools: [hashText], events: { dispatch: false } });
    await expect(withoutKey.services.container.get(TOKENS.accountStore).findById("acct_ada")).rejects.toThrow(/ENCRYPTION_KEY is not set/);
    await withKey.close();
  });
});
