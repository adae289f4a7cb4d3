import { describe, expect, it } from "vitest";
import { DEFAULT_ATTEMPT_LIMITS } from "../../../application/attempt-limits.ts";
import { TOKENS } from "../../container.ts";
import { ScryptPasswordHasher } from "../../security/scrypt-password-hasher.ts";
import { freshEmail } from "../../testing/fresh-email.ts";
import { TEST_SCRYPT_COST } from "../../testing/harness.ts";
import { createCredential, getAssertion, type SoftCredential } from "../../webauthn/testing/soft-authenticator.ts";
import { useRealServer } from "../dashboard/testing/real-server.ts";
import { PASSWORD } from "./testing.ts";

// The passkey routes over real HTTP, answered by a software authenticator (adapters/webauthn/testing): what the
// contract refuses. The browser's own ceremony is proven in adapters/http/dashboard/passkeys.e2e.test.ts.

const PER_ACCOUNT_FAILURES = 2;
const onDomain = useRealServer({
  dataDirPrefix: "passkeys-api-", env: { PUBLIC_URL: "http://localhost:0" }, passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST),
  attemptLimits: { ...DEFAULT_ATTEMPT_LIMITS, signInPerAccount: [{ limit: PER_ACCOUNT_FAILURES, windowMs: 3_600_000 }] },
});
const onIp = useRealServer({ dataDirPrefix: "passkeys-api-ip-", passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST) });

interface Client { readonly cookie: string; readonly csrf: string; readonly accountId: string }
type Options = { challenge: string; rp: { id: string }; user: { id: string }; rpId: string; [field: string]: unknown };

const origin = () => onDomain.server.url.replace("127.0.0.1", "localhost");
async function api(method: string, path: string, options: { client?: Client; body?: unknown; csrf?: boolean; base?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.client) headers.cookie = options.client.cookie;
  if (options.client && options.csrf !== false) headers["x-csrf-token"] = options.client.csrf;
  const response = await fetch(`${options.base ?? onDomain.server.url}/api/v1${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  return { status: response.status, cookie: (response.headers.get("set-cookie") ?? "").split(";")[0], body: await response.json() };
}
async function signUp(base = onDomain.server.url): Promise<Client> {
  const answer = await api("POST", "/auth/sign-up", { body: { email: freshEmail("passkey"), password: PASSWORD }, base });
  expect(answer.status).toBe(201);
  return { cookie: answer.cookie, csrf: answer.body.data.csrfToken, accountId: answer.body.data.account.id };
}
async function registrationOptions(client: Client): Promise<Options> {
  const answer = await api("POST", "/auth/passkeys/registration-options", { client });
  expect(answer.status).toBe(200);
  return answer.body.data.options;
}
async function register(client: Client, name?: string): Promise<SoftCredential> {
  const made = createCredential(await registrationOptions(client), origin());
  const answer = await api("POST", "/auth/passkeys", { client, body: { response: made.response, name } });
  expect(answer.status).toBe(201);
  return made.credential;
}
async function authenticationOptions(): Promise<Options> {
  const answer = await api("POST", "/auth/passkeys/authentication-options");
  expect(answer.status).toBe(200);
  return answer.body.data.options;
}

describe("passkey routes", () => {
  it("offers options for a discoverable, user-verified credential of this account on PUBLIC_URL's host", async () => {
    const client = await signUp();
    const options = await registrationOptions(client);
    expect(options.rp.id).toBe("localhost");
    expect(Buffer.from(options.user.id, "base64url").toString("utf8")).toBe(client.accountId);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
    const request = await authenticationOptions();
    expect(request).toMatchObject({ rpId: "localhost", userVerification: "required" });
    expect(request.allowCredentials ?? []).toEqual([]);
  });

  it("registers, lists and signs in; the answer and an old counter are refused a second time", async () => {
    const client = await signUp();
    const made = createCredential(await registrationOptions(client), origin());
    const added = await api("POST", "/auth/passkeys", { client, body: { response: made.response, name: "Laptop" } });
    expect(added.status).toBe(201);
    expect(added.body.data.passkey).toEqual({ id: made.credential.id, name: "Laptop", createdAt: expect.any(String), lastUsedAt: null });
    expect((await api("POST", "/auth/passkeys", { client, body: { response: made.response } })).status).toBe(422);

    const assertion = getAssertion(made.credential, await authenticationOptions(), origin());
    const signedIn = await api("POST", "/auth/sign-in/passkey", { body: { response: assertion } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.account.id).toBe(client.accountId);
    const session = await api("GET", "/auth/session", { client: { ...client, cookie: signedIn.cookie } });
    expect(session.body.data.account.id).toBe(client.accountId);

    const replayed = await api("POST", "/auth/sign-in/passkey", { body: { response: assertion } });
    expect(replayed.status).toBe(401);
    const counter = made.credential.counter;
    const cloned = await api("POST", "/auth/sign-in/passkey", { body: { response: getAssertion(made.credential, await authenticationOptions(), origin(), { counter }) } });
    expect(cloned.body).toEqual(replayed.body);
    const listed = await api("GET", "/auth/passkeys", { client });
    expect(listed.body.data.passkeys).toEqual([{ ...added.body.data.passkey, lastUsedAt: expect.any(String) }]);
    const stored = await onDomain.server.container.get(TOKENS.accountStore).findById(client.accountId);
    expect(stored?.passkeys?.[0].counter).toBe(counter);
    const workspaceId = session.body.data.workspace.id;
    const audit = await api("GET", `/workspaces/${workspaceId}/audit`, { client });
    expect(audit.body.data.events).toContainEqual(expect.objectContaining({ type: "account.passkey_added", passkeyId: made.credential.id, passkeyName: "Laptop" }));
  });

  it("refuses garbage, forged and misdirected answers with one body each", async () => {
    const client = await signUp();
    const badName = createCredential(await registrationOptions(client), origin());
    const named = await api("POST", "/auth/passkeys", { client, body: { response: badName.response, name: "gnp\u202Eexe" } });
    expect([named.status, named.body.details?.[0]?.path]).toEqual([422, "/name"]);
    // A refused name does not spend the challenge: the same answer with a good name is taken.
    expect((await api("POST", "/auth/passkeys", { client, body: { response: badName.response, name: "Phone" } })).status).toBe(201);
    const garbage = await api("POST", "/auth/passkeys", { client, body: { response: "garbage" } });
    expect(garbage.status).toBe(422);
    expect(garbage.body.details).toEqual([expect.objectContaining({ path: "/response" })]);
    const unverified = createCredential(await registrationOptions(client), origin(), { userVerified: false });
    expect((await api("POST", "/auth/passkeys", { client, body: { response: unverified.response } })).status).toBe(422);
    const elsewhere = createCredential(await registrationOptions(client), "http://localhost:1");
    expect((await api("POST", "/auth/passkeys", { client, body: { response: elsewhere.response } })).status).toBe(422);
    const other = await signUp();
    const stolenChallenge = createCredential(await registrationOptions(other), origin());
    expect((await api("POST", "/auth/passkeys", { client, body: { response: stolenChallenge.response } })).status).toBe(422);

    const credential = await register(client);
    const forger = createCredential(await registrationOptions(other), origin()).credential;
    const forged = getAssertion({ ...forger, id: credential.id, userHandle: credential.userHandle }, await authenticationOptions(), origin());
    const answers = await Promise.all([
      api("POST", "/auth/sign-in/passkey", { body: { response: forged } }),
      api("POST", "/auth/sign-in/passkey", { body: { response: "garbage" } }),
      api("POST", "/auth/sign-in/passkey", { body: { response: getAssertion(credential, await authenticationOptions(), origin(), { userVerified: false }) } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401]);
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(answers[0].body.error_code).toBe("invalid_credentials");
  });

  it("removes only the caller's own passkey (another's is 404) and wants the CSRF token", async () => {
    const owner = await signUp();
    const credential = await register(owner);
    const intruder = await signUp();
    const path = `/auth/passkeys/${credential.id}`;
    expect((await api("DELETE", path, { client: intruder })).status).toBe(404);
    expect((await api("DELETE", path, { client: owner, csrf: false })).status).toBe(403);
    expect((await api("POST", "/auth/passkeys/registration-options", { client: owner, csrf: false })).status).toBe(403);
    expect((await api("DELETE", path, { client: owner })).status).toBe(200);
    expect((await api("GET", "/auth/passkeys", { client: owner })).body.data.passkeys).toEqual([]);
    const signedIn = await api("POST", "/auth/sign-in/passkey", { body: { response: getAssertion(credential, await authenticationOptions(), origin()) } });
    expect(signedIn.status).toBe(401);
  });

  it("signs in with a passkey while the account's failed-password throttle refuses its password", async () => {
    const email = freshEmail("throttled");
    const signedUp = await api("POST", "/auth/sign-up", { body: { email, password: PASSWORD } });
    const client = { cookie: signedUp.cookie, csrf: signedUp.body.data.csrfToken, accountId: signedUp.body.data.account.id };
    const credential = await register(client);
    for (let i = 0; i < PER_ACCOUNT_FAILURES; i++) await api("POST", "/auth/sign-in", { body: { email, password: "not the password at all" } });
    expect((await api("POST", "/auth/sign-in", { body: { email, password: PASSWORD } })).status).toBe(429);
    const signedIn = await api("POST", "/auth/sign-in/passkey", { body: { response: getAssertion(credential, await authenticationOptions(), origin()) } });
    expect(signedIn.status).toBe(200);
  });

  it("refuses every passkey route with 409 conflict while PUBLIC_URL is an IP address", async () => {
    const base = onIp.server.url;
    const client = await signUp(base);
    const answers = await Promise.all([
      api("POST", "/auth/passkeys/registration-options", { client, base }),
      api("POST", "/auth/passkeys", { client, base, body: { response: {} } }),
      api("POST", "/auth/passkeys/authentication-options", { base }),
      api("POST", "/auth/sign-in/passkey", { base, body: { response: {} } }),
    ]);
    expect(answers.map((answer) => [answer.status, answer.body.error_code])).toEqual(Array(4).fill([409, "conflict"]));
    expect(answers[0].body.message).toContain("http://localhost:<PORT>");
  });
});
