import { randomBytes } from "node:crypto";
import { SESSION_COOKIE } from "../adapters/http/session/session-cookie.js";
import { composeSecret, toBase62 } from "../domain/api-key.js";
/** The most requests the runner makes to spend the rate-limited key before giving up. */
const MAX_SPEND = 1000;
/** Checks that the key works and that its window has room for `needed` requests; throws a plain message if not. */
export async function checkApiKey(target, needed) {
    const response = await fetch(`${target.baseUrl}/api/v1/keys/current`, { headers: { "x-api-key": target.apiKey } });
    if (response.status === 401)
        throw new Error("the API key was refused (401): check --api-key and the deployment's APP_ENV");
    if (response.status !== 200)
        throw new Error(`GET /api/v1/keys/current answered ${response.status}; is --base-url a deployment of this API?`);
    // A missing or malformed header is not this check's business: the cases report it.
    const header = response.headers.get("x-ratelimit-remaining");
    const remaining = header === null ? Number.NaN : Number(header);
    if (Number.isInteger(remaining) && remaining >= 0 && remaining < needed) {
        throw new Error(`the API key has ${remaining} requests left in its window; the suite needs ${needed} (use a key with a larger --limit)`);
    }
}
/**
 * Uses up the rate-limited key's window so the 429 cases meet a spent key: it stops at the first 429 or at the
 * answer whose `X-Ratelimit-Remaining` is 0. It never fails itself: a deployment that keeps answering 200 after
 * that fails the 429 cases, which say so.
 */
export async function spendKey(target, key) {
    for (let attempt = 0; attempt < MAX_SPEND; attempt++) {
        const response = await fetch(`${target.baseUrl}/api/v1/keys/current`, { headers: { "x-api-key": key } });
        await response.arrayBuffer();
        if (response.status !== 200 || response.headers.get("x-ratelimit-remaining") === "0")
            return;
    }
}
/** A well-formed key (valid checksum) that no deployment has issued. */
export function unknownKey() {
    for (;;) {
        const body = toBase62(randomBytes(64), 32);
        if (body)
            return composeSecret("development", body);
    }
}
/** Signs up two throwaway accounts through the public API and returns what the signed-in cases need. */
export async function setUpSessions(target) {
    const tag = randomBytes(6).toString("hex");
    const password = `Conformance-${randomBytes(12).toString("base64url")}`;
    const email = `conformance-${tag}@example.com`;
    const first = await signIn(target, "sign-up", email, password);
    const session = (await call(target, "GET", "/auth/session", first));
    const extra = (await call(target, "POST", "/workspaces", first, { name: "Conformance rename" }));
    const second = await signIn(target, "sign-in", email, password);
    const other = await signIn(target, "sign-up", `conformance-${tag}-other@example.com`, password);
    const foreign = (await call(target, "GET", "/auth/session", other));
    const revocableKeyId = await target.createWorkspaceKey?.(session.workspace.id);
    const fixture = {
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
async function signIn(target, route, email, password) {
    const response = await fetch(`${target.baseUrl}/api/v1/auth/${route}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
    });
    const body = (await response.json());
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${SESSION_COOKIE}=`));
    if (!response.ok || !cookie || !body.data?.csrfToken)
        throw new Error(`${route} for the conformance account answered ${response.status}`);
    return { cookie: cookie.split(";")[0], csrfToken: body.data.csrfToken };
}
async function call(target, method, path, session, body) {
    const response = await fetch(`${target.baseUrl}/api/v1${path}`, {
        method,
        headers: { cookie: session.cookie, "x-csrf-token": session.csrfToken, ...(body ? { "content-type": "application/json" } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const parsed = (await response.json());
    if (!response.ok)
        throw new Error(`${method} ${path} for the conformance account answered ${response.status}`);
    return parsed.data;
}
