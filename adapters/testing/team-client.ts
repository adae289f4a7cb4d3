import type { SessionClient } from "./key-races.ts";

export const PASSWORD = "correct horse battery";

let addresses = 0;
/** A client address of its own for each sign-up (servers under test trust loopback's X-Forwarded-For): sign-ups are limited per address. */
const nextAddress = (): string => (addresses++, `100.64.${(addresses >> 8) & 255}.${addresses & 255}`);

/** A session-API call on `baseUrl`: the status and the parsed body. */
export async function callOver(baseUrl: string, client: SessionClient, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { cookie: client.cookie, "x-csrf-token": client.csrf };
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${baseUrl}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as { error_code?: string; data?: Record<string, unknown> } };
}

/** Signs up on `baseUrl` from an address of its own; the signed-in client (its personal workspace as `workspaceId`). */
export async function signUpFrom(baseUrl: string, email: string): Promise<SessionClient & { readonly email: string }> {
  const response = await fetch(`${baseUrl}/api/v1/auth/sign-up`, {
    method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": nextAddress() }, body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const { data } = await response.json();
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0];
  const session = await (await fetch(`${baseUrl}/api/v1/auth/session`, { headers: { cookie } })).json();
  return { cookie, csrf: data.csrfToken, accountId: data.account.id, workspaceId: session.data.workspace.id, email };
}

/** POST /workspaces/{id}/invitations as `client`; the status and the accept link's token (when made). */
export async function inviteOver(baseUrl: string, client: SessionClient, workspaceId: string, email: string, role: string) {
  const answer = await callOver(baseUrl, client, "POST", `/workspaces/${workspaceId}/invitations`, { email, role });
  const acceptUrl = answer.body.data?.acceptUrl as string | undefined;
  return { status: answer.status, token: acceptUrl?.split("/").pop() ?? "" };
}

/** POST /invitations/accept as `client`. */
export const acceptOver = (baseUrl: string, client: SessionClient, token: string) => callOver(baseUrl, client, "POST", "/invitations/accept", { token });

/**
 * A shared workspace "Team" made by `<label>-owner@example.com` on the first URL, which `<label>-<role>@example.com`
 * joined with `role` (invited by the owner); sign-ups spread over `urls` in turn.
 */
export async function teamOver(urls: readonly string[], label: string, role: string) {
  const owner = await signUpFrom(urls[0], `${label}-owner@example.com`);
  const member = await signUpFrom(urls[1 % urls.length], `${label}-${role}@example.com`);
  const created = await callOver(urls[0], owner, "POST", "/workspaces", { name: "Team" });
  const workspaceId = (created.body.data?.workspace as { id: string }).id;
  const invited = await inviteOver(urls[0], owner, workspaceId, member.email, role);
  if (invited.status !== 201) throw new Error(`invitation answered ${invited.status}`);
  const joined = await acceptOver(urls[1 % urls.length], member, invited.token);
  if (joined.status !== 200) throw new Error(`accept answered ${joined.status}`);
  return { workspaceId, owner, member };
}

/** `count` invitations (each to another address) of the owner's workspace at once, spread over `urls`; their statuses. */
export function inviteConcurrently(urls: readonly string[], owner: SessionClient, workspaceId: string, count: number): Promise<number[]> {
  return Promise.all(Array.from({ length: count }, async (_, i) =>
    (await inviteOver(urls[i % urls.length], owner, workspaceId, `guest${i}-${workspaceId}@example.com`, "member")).status));
}
