import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Account } from "../../domain/account.ts";
import { TOKENS } from "../container.ts";
import { openMemoryStorage } from "../storage/open-storage.ts";
import { makeWebhook } from "../storage/webhook-store.contract.ts";
import { EVENTS_NAMESPACES } from "../storage/open-events-storage.ts";
import { hashText } from "../tools/crypto/hash-text.ts";
import { createToolCore } from "./create-tool-core.ts";

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

describe("createToolCore({ encryptionKeys })", () => {
  it("seals TOTP and webhook signing secrets in the core's storage and hands them to the use cases plain", async () => {
    const storage = openMemoryStorage();
    const core = await createToolCore({ storage, tools: [hashText], encryptionKeys: [randomBytes(32).toString("base64")], events: { dispatch: false } });
    const { container } = core.services;
    const account: Account = { id: "acct_1", email: "ada@example.com", passwordHash: "x", createdAt: 1, totp: { secret: SECRET, lastStep: 0, enabledAt: 1 } };
    await container.get(TOKENS.accountStore).create(account);
    const webhook = makeWebhook();
    await container.get(TOKENS.webhookStore).create(webhook, 20);
    expect(await storage.atomic("accounts").readRaw("acct_1")).toMatch(/"secret":"enc:v1:/);
    expect(await storage.atomic("accounts").readRaw("acct_1")).not.toContain(SECRET);
    expect(await storage.atomic(EVENTS_NAMESPACES.webhooks).readRaw(webhook.id)).not.toContain(webhook.secret);
    expect((await container.get(TOKENS.accountStore).findById("acct_1"))?.totp?.secret).toBe(SECRET);
    expect((await container.get(TOKENS.webhookStore).find(webhook.id))?.secret).toBe(webhook.secret);
    await core.close();
  });

  it("rejects a malformed key with code invalid_input, naming the option and never the key", async () => {
    const bad = "not a key at all";
    const rejected = createToolCore({ tools: [hashText], encryptionKeys: [bad] });
    await expect(rejected).rejects.toMatchObject({ code: "invalid_input", message: expect.stringMatching(/^encryptionKeys is invalid \(value not shown/) });
    await expect(rejected).rejects.not.toThrow(bad);
  });
});
