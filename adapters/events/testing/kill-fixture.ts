import { randomBytes } from "node:crypto";
import { TOKENS } from "../../container.ts";
import { buildToolCore, type ToolCore } from "../../core/create-tool-core.ts";
import { loadConfig } from "../../config.ts";
import { ScryptPasswordHasher } from "../../security/scrypt-password-hasher.ts";
import type { Storage } from "../../storage/open-storage.ts";
import { openTestStorage } from "../../storage/testing/open-test-storage.ts";
import { SystemClock } from "../../system.ts";
import { InlineToolRunner } from "../../tools/inline-tool-runner.ts";
import type { EventType } from "../../../domain/event.ts";
import { newWebhookSecret } from "../../../domain/webhook-signature.ts";
import { CHANGE_WINDOW_MS } from "../../../application/change-journal.ts";
import { LEASE_MS as CLAIM_LEASE_MS } from "../../../application/dispatch-outbox.ts";
import { LEASE_MS as WORKSPACE_LOCK_LEASE_MS } from "../../storage/workspace-lock.ts";

const PASSWORD = "correct horse battery staple";

/** Read by testing/light-server.mjs only (which names it again: plain JavaScript), never by the server: how far that process's clock runs ahead of the machine's. */
export const CLOCK_AHEAD_VARIABLE = "LIGHT_SERVER_CLOCK_AHEAD_MS";

/** Past the longest lease a killed process can leave behind: an outbox claim's, a change's, a workspace lock's. */
const RESTART_AHEAD_MS = Math.max(CLAIM_LEASE_MS, CHANGE_WINDOW_MS, WORKSPACE_LOCK_LEASE_MS) + 1_000;

/**
 * The variables of a restart made once every lease of the killed processes has ended: its clock runs that far ahead,
 * so the test does not sit out the leases (25 s) in real time. The killed processes themselves keep the real clock.
 */
export const afterLeases = (env: Record<string, string>): Record<string, string> => ({ ...env, [CLOCK_AHEAD_VARIABLE]: String(RESTART_AHEAD_MS) });

/** A signed-in account as a JSON client holds it. */
export interface Person {
  readonly accountId: string;
  readonly email: string;
  readonly cookie: string;
  readonly csrf: string;
}

/** The store a server process serves, opened in the test too (LMDB and Redis are shared across processes). */
export interface SharedStore {
  readonly storage: Storage;
  readonly core: ToolCore;
  close(): Promise<void>;
}

export async function openSharedStore(env: Record<string, string>): Promise<SharedStore> {
  const config = loadConfig({ ...env });
  if (!config.ok) throw new Error(config.error.join("; "));
  // The test's own calls get the test deadline, not the server's 1 s: a loaded machine once passed that on a set-up GET.
  const storage = await openTestStorage(config.value, new SystemClock());
  // This process only writes the set-up and reads what the server did: the server sends.
  const core = buildToolCore({ storage, tools: [], runner: new InlineToolRunner(), passwordHasher: new ScryptPasswordHasher({ logN: 10, r: 8, p: 1 }), events: { dispatch: false } });
  return { storage, core, close: () => core.close() };
}

export async function person(store: SharedStore, label: string, index: number): Promise<Person> {
  const email = `${label}-${index}-${randomBytes(3).toString("hex")}@example.com`;
  const made = await store.core.services.container.get(TOKENS.signUp).execute({ email, password: PASSWORD, ip: `10.${index % 250}.${label.length}.1` });
  if (!made.ok) throw new Error(made.error.message);
  return { accountId: made.value.account.id, email, cookie: `tk_session=${made.value.token}`, csrf: made.value.csrfToken };
}

/** A shared workspace of `owner`, with an endpoint at `url` that wants the events of `types`. */
export async function workspaceWithEndpoint(store: SharedStore, owner: Person, url: string, types: readonly EventType[]): Promise<string> {
  const { container } = store.core.services;
  const made = await container.get(TOKENS.createWorkspace).execute({ accountId: owner.accountId, name: "kill tests" });
  if (!made.ok) throw new Error(made.error.message);
  const workspaceId = made.value.id;
  await container.get(TOKENS.webhookStore).create({
    id: `wh_${randomBytes(8).toString("hex")}`, workspaceId, url, events: types, description: "", enabled: true, createdAt: Date.now(),
    secret: newWebhookSecret(randomBytes(32)), previousSecret: null, previousSecretExpiresAt: null, failingSince: null,
  }, 20);
  return workspaceId;
}

/** A JSON session-API call with the person's cookie and CSRF token; resolves with the status (0: the server died). */
export async function act(base: string, who: Person, method: string, path: string, body: unknown): Promise<number> {
  try {
    const response = await fetch(`${base}/api/v1${path}`, {
      method, headers: { "content-type": "application/json", cookie: who.cookie, "x-csrf-token": who.csrf }, body: body === undefined ? undefined : JSON.stringify(body),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}
