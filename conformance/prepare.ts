import { randomBytes } from "node:crypto";
import { SESSION_COOKIE } from "../adapters/http/session/session-cookie.ts";
import { composeSecret, toBase62 } from "../domain/api-key.ts";
import { type HttpClient, refuseRedirect } from "./http-client.ts";
import { RunFailure } from "./limits.ts";
import type { SessionFixture } from "./session-fixture.ts";
import type { Target } from "./target.ts";

/** The most requests the runner makes to spend the rate-limited key before giving up. */
const MAX_SPEND = 1000;

/** A session as the hooks send it. */
export interface SessionCredentials {
  readonly cookie: string;
  readonly csrfToken: string;
}

/**
 * Checks that the key works and that its window has room for `needed` requests; throws a RunFailure saying which
 * if not. A redirect is refused (refuseRedirect): the key never follows one.
 */
export async function checkApiKey(target: Target, needed: number, http: HttpClient): Promise<void> {
  const request = { method: "GET", url: `${target.baseUrl}/api/v1/keys/current`, headers: { "x-api-key": target.apiKey } };
  const answer = await http.send(request);
  refuseRedirect(answer, request);
  const expected = "GET /api/v1/keys/current accepting the API key (200)";
  if (answer.status === 401) throw new RunFailure("the API key check", expected, "401: the key was refused; check --api-key and the deployment's APP_ENV");
  if (answer.status !== 200) throw new RunFailure("the API key check", expected, `${answer.status}; is --base-url a deployment of this API?`);
  // A missing or malformed header is not this check's business: the cases report it.
  const header = answer.headers.get("x-ratelimit-remaining");
  const remaining = header === null ? Number.NaN : Number(header);
  if (Number.isInteger(remaining) && remaining >= 0 && remaining < needed) {
    throw new RunFailure("the API key check", `room for ${needed} requests in the key's window`, `${remaining} requests left (use a key with a larger --limit)`);
  }
}

/**
 * Uses up the rate-limited key's window so the 429 cases meet a spent key: it stops at the first 429 or at the
 * answer whose `X-Ratelimit-Remaining` is 0. It fails only on a redirect (the key is not sent after one); a
 * deployment that keeps answering 200 after that fails the 429 cases, which say so.
 */
export async function spendKey(target: Target, key: string, http: HttpClient): Promise<void> {
  const request = { method: "GET", url: `${target.baseUrl}/api/v1/keys/current`, headers: { "x-api-key": key } };
  for (let attempt = 0; attempt < MAX_SPEND; attempt++) {
    const answer = await http.send(request);
    refuseRedirect(answer, request);
    if (answer.status !== 200 || answer.headers.get("x-ratelimit-remaining") === "0") return;
  }
}

/** A well-formed key (valid checksum) that no deployment has issued. */
export function unknownKey(): string {
  for (;;) {
    const body = toBase62(randomBytes(64), 32);
    if (body) return composeSecret("development", body);
  }
}

/** Signs up two throwaway accounts through the public API and returns what the signed-in cases need. */
export async function setUpSessions(target: Target, http: HttpClient): Promise<{ fixture: SessionFixture; first: SessionCredentials; second: SessionCredentials }> {
  const tag = randomBytes(6).toString("hex");
  const password = `Conformance-${randomBytes(12).toString("base64url")}`;
  const email = `conformance-${tag}@example.com`;
  const first = await signIn(target, http, "sign-up", email, password);
  const session = (await call(target, http, "GET", "/auth/session", first)) as { workspace: { id: string } };
  const extra = (await call(target, http, "POST", "/workspaces", first, { name: "Conformance rename" })) as { workspace: { id: string } };
  const second = await signIn(target, http, "sign-in", email, password);
  const other = await signIn(target, http, "sign-up", `conformance-${tag}-other@example.com`, password);
  const foreign = (await call(target, http, "GET", "/auth/session", other)) as { workspace: { id: string } };
  const revocableKeyId = await target.createWorkspaceKey?.(session.workspace.id);
  const fixture: SessionFixture = {
    email,
    password,
    workspaceId: session.workspace.id,
    extraWorkspaceId: extra.workspace.id,
    foreignWorkspaceId: foreign.workspace.id,
    revocableKeyId,
    newEmail: `conformance-${tag}-new@example.com`,
  };
  return { fixture, first, second };
}

async function signIn(target: Target, http: HttpClient, route: "sign-up" | "sign-in", email: string, password: string): Promise<SessionCredentials> {
  const request = { method: "POST", url: `${target.baseUrl}/api/v1/auth/${route}`, headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) };
  const answer = await http.send(request);
  refuseRedirect(answer, request);
  const body = jsonOf(answer.text) as { data?: { csrfToken?: string } } | undefined;
  const cookie = answer.headers.getSetCookie().find((value) => value.startsWith(`${SESSION_COOKIE}=`));
  if (answer.status !== 200 && answer.status !== 201) throw new Error(`${route} for the conformance account answered ${answer.status}`);
  if (!cookie || !body?.data?.csrfToken) throw new Error(`${route} for the conformance account answered ${answer.status} without a session`);
  return { cookie: cookie.split(";")[0], csrfToken: body.data.csrfToken };
}

async function call(target: Target, http: HttpClient, method: string, path: string, session: SessionCredentials, body?: unknown): Promise<unknown> {
  const request = {
    method,
    url: `${target.baseUrl}/api/v1${path}`,
    headers: { cookie: session.cookie, "x-csrf-token": session.csrfToken, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  };
  const answer = await http.send(request);
  refuseRedirect(answer, request);
  if (answer.status < 200 || answer.status > 299) throw new Error(`${method} ${path} for the conformance account answered ${answer.status}`);
  return (jsonOf(answer.text) as { data?: unknown } | undefined)?.data;
}

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
