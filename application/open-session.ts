import type { Account } from "../domain/account.ts";
import { hashSessionToken, MAX_USER_AGENT_LENGTH, type Session, type SessionPolicy, sessionExpiresAt } from "../domain/session.ts";
import { byCreation, PERSONAL_WORKSPACE_NAME, type Workspace } from "../domain/workspace.ts";
import type { Clock, SecretSource, SessionStore, WorkspaceStore } from "./ports.ts";
import { newId, newToken } from "./random-ids.ts";

/** A fresh session and the token that names it; the token is returned here once and stored only as a hash. */
export interface IssuedSession {
  readonly token: string;
  readonly session: Session;
  readonly expiresAt: number;
}

export interface OpenSessionDeps {
  readonly sessions: SessionStore;
  readonly secrets: SecretSource;
  readonly clock: Clock;
  readonly sessionPolicy: SessionPolicy;
}

/**
 * Starts a new session (never reuses one: a sign-in always rotates the token) under the account's current session
 * epoch, so ending the account's sessions later (a password change) ends this one too.
 */
export async function openSession(
  deps: OpenSessionDeps, account: Pick<Account, "id" | "sessionEpoch">, workspaceId: string, userAgent?: string,
): Promise<IssuedSession> {
  const token = newToken(deps.secrets);
  const now = deps.clock.now();
  const agent = userAgent?.trim().slice(0, MAX_USER_AGENT_LENGTH);
  const session: Session = {
    id: hashSessionToken(token),
    accountId: account.id,
    workspaceId,
    csrfToken: newToken(deps.secrets),
    createdAt: now,
    lastSeenAt: now,
    ...(account.sessionEpoch ? { epoch: account.sessionEpoch } : {}),
    ...(agent ? { userAgent: agent } : {}),
  };
  const expiresAt = sessionExpiresAt(session, deps.sessionPolicy);
  await deps.sessions.save(session, expiresAt);
  return { token, session, expiresAt };
}

/**
 * The account's personal workspace, created (with an owner membership) when it has none yet: at sign-up, and
 * as a repair should sign-up have stopped between writing the account and its workspace.
 */
export async function ensurePersonalWorkspace(
  deps: { workspaces: WorkspaceStore; secrets: SecretSource; clock: Clock },
  account: Account,
): Promise<Workspace> {
  const memberships = [...(await deps.workspaces.listMemberships(account.id))].sort(byCreation);
  for (const membership of memberships) {
    const workspace = await deps.workspaces.findById(membership.workspaceId);
    if (workspace?.personal && workspace.createdBy === account.id) return workspace;
  }
  const now = deps.clock.now();
  const workspace: Workspace = { id: newId(deps.secrets, "ws"), name: PERSONAL_WORKSPACE_NAME, personal: true, createdBy: account.id, createdAt: now };
  await deps.workspaces.save(workspace);
  await deps.workspaces.saveMembership({ workspaceId: workspace.id, accountId: account.id, role: "owner", createdAt: now });
  return workspace;
}
