import { TOKENS } from "../container.ts";
import type { RunningServer } from "../server.ts";

const PASSWORD = "correct horse battery staple";

/** A signed-in session-API client on a real server: its cookie, CSRF token and personal workspace. */
export interface SessionClient {
  readonly cookie: string;
  readonly csrf: string;
  readonly accountId: string;
  readonly workspaceId: string;
}

export async function signUpOver(baseUrl: string, email: string): Promise<SessionClient> {
  const response = await fetch(`${baseUrl}/api/v1/auth/sign-up`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const { data } = await response.json();
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0];
  const session = await (await fetch(`${baseUrl}/api/v1/auth/session`, { headers: { cookie } })).json();
  return { cookie, csrf: data.csrfToken, accountId: data.account.id, workspaceId: session.data.workspace.id };
}

/** A session-API call on `baseUrl`; resolves with the status and the parsed body. */
export async function sessionCall(baseUrl: string, client: SessionClient, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { cookie: client.cookie, "x-csrf-token": client.csrf };
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${baseUrl}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown> } };
}

/** A workspace key with a limit no race test reaches (and an expiry when asked), made through the CreateKey use case. */
export async function makeRaceKey(server: RunningServer, client: SessionClient, extra: { expiresInSeconds?: number } = {}) {
  const result = await server.container.get(TOKENS.createKey).execute({
    name: "race", env: "development", limit: 1_000_000, windowSeconds: 60, workspaceId: client.workspaceId,
    actor: { accountId: client.accountId }, ...extra,
  });
  if (!result.ok) throw new Error(result.error.message);
  return { id: result.value.key.id, secret: result.value.secret };
}

/** GET /keys/current with a secret: the status only (the body is read so the connection is reused). */
export async function currentKeyStatus(baseUrl: string, secret: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/v1/keys/current`, { headers: { "x-api-key": secret } });
  await response.arrayBuffer();
  return response.status;
}

/**
 * Calls made with a key's secrets while a race runs: each remembers when it was sent, so that the calls sent after
 * a revocation's answer can be told apart from those that crossed it.
 */
export class Traffic {
  private readonly calls: { sentAt: number; status: number }[] = [];
  private running = true;
  private readonly loops: Promise<void>[] = [];

  constructor(private readonly urls: readonly string[], private readonly secrets: () => readonly string[]) {}

  start(loops = 2): this {
    for (let i = 0; i < loops; i++) this.loops.push(this.loop(i));
    return this;
  }

  /** How many calls succeeded so far. */
  accepted(): number {
    return this.calls.filter((call) => call.status === 200).length;
  }

  /** Stops, and returns the calls sent at or after `since` (performance.now()) that were accepted. */
  async stop(since: number): Promise<number> {
    this.running = false;
    await Promise.all(this.loops);
    return this.calls.filter((call) => call.sentAt >= since && call.status === 200).length;
  }

  private async loop(offset: number): Promise<void> {
    for (let n = offset; this.running; n++) {
      const secrets = this.secrets();
      const sentAt = performance.now();
      const status = await currentKeyStatus(this.urls[n % this.urls.length], secrets[n % secrets.length]);
      this.calls.push({ sentAt, status });
    }
  }
}

/**
 * Every secret on every instance, after the race: the statuses that accepted the call (2xx). A 401 is the answer
 * expected; a 503 (storage past its deadline on a loaded machine) refuses too, failing closed.
 */
export async function acceptedAfter(urls: readonly string[], secrets: readonly string[]): Promise<number[]> {
  const statuses = await Promise.all(urls.flatMap((url) => secrets.map((secret) => currentKeyStatus(url, secret))));
  return statuses.filter((status) => status !== 401 && status !== 503);
}
