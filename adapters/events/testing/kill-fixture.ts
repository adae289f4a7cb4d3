import { randomBytes } from "node:crypto";
import { TOKENS } from "../../container.ts";
import { buildToolCore, type ToolCore } from "../../core/create-tool-core.ts";
import { loadConfig } from "../../config.ts";
import { ScryptPasswordHasher } from "../../security/scrypt-password-hasher.ts";
import { openStorage, type Storage } from "../../storage/open-storage.ts";
import { SystemClock } from "../../system.ts";
import { InlineToolRunner } from "../../tools/inline-tool-runner.ts";
import { newWebhookSecret } from "../../../domain/webhook-signature.ts";

const PASSWORD = "correct horse battery staple";

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
  const storage = await openStorage(config.value, new SystemClock());
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

/** A shared workspace of `owner`, with an endpoint at `url` that wants every event. */
export async function workspaceWithEndpoint(store: SharedStore, owner: Person, url: string): Promise<string> {
  const { container } = store.core.services;
  const made = await container.get(TOKENS.createWorkspace).execute({ accountId: owner.accountId, name: "kill tests" });
  if (!made.ok) throw new Error(made.error.message);
  const workspaceId = made.value.id;
  await container.get(TOKENS.webhookStore).create({
    id: `wh_${randomBytes(8).toString("hex")}`, workspaceId, url, events: null, description: "", enabled: true, createdAt: Date.now(),
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
