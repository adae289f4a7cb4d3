import type { Account } from "../domain/account.ts";
import { RESET_PASSWORD_PATH, VERIFY_EMAIL_PATH } from "../domain/account-tokens.ts";
import type { AuditEventType } from "../domain/audit.ts";
import { type SecurityNotice, securityNoticeEmail } from "../domain/emails.ts";
import { byCreation, type Workspace } from "../domain/workspace.ts";
import { journaled, markedChange } from "./change-journal.ts";
import type { AccountStore, AccountUpdate, OutboxWork, WorkspaceStore } from "./ports.ts";
import type { AuditDeps } from "./record-audit.ts";

/** Where the links of account emails point: built from PUBLIC_URL, never from a request's Host. */
export interface AccountLinks {
  /** `<PUBLIC_URL>/dashboard/reset-password/<token>`. */
  resetPassword(token: string): string;
  /** `<PUBLIC_URL>/dashboard/verify-email/<token>`. */
  verifyEmail(token: string): string;
  /** The dashboard's Account security page. */
  accountSecurity(): string;
}

/** The links of an origin (PUBLIC_URL), read when a link is made. */
export function accountLinksOf(origin: () => string): AccountLinks {
  return {
    resetPassword: (token) => `${origin()}${RESET_PASSWORD_PATH}${token}`,
    verifyEmail: (token) => `${origin()}${VERIFY_EMAIL_PATH}${token}`,
    accountSecurity: () => `${origin()}/dashboard/account`,
  };
}

export interface AccountChangeDeps extends AuditDeps {
  readonly accounts: AccountStore;
  readonly workspaces: WorkspaceStore;
  /** Without links (an embedded core with no PUBLIC_URL) no email is sent: a link must never come from a request. */
  readonly links?: AccountLinks;
}

/** What a security change tells: its personal audit event (with its own fields) and, for most, an email notice. */
export interface AccountNotice {
  readonly type: Extract<AuditEventType, `account.${string}`>;
  /** The email sent to the account's address; none for changes the owner is not warned of (a passkey removed). */
  readonly email?: SecurityNotice;
  /** A few words in the email ("passkey 'Laptop'"). */
  readonly detail?: string;
  readonly passkeyId?: string;
  readonly passkeyName?: string;
}

/**
 * Changes an account with its notice as one (application/change-journal.ts): the audit event in the account's
 * personal workspace and the email are written only once the change landed, and a process killed in between is
 * finished by recovery, which finds the change's id on the account. `change` is pure (it may run again on a newer
 * account) and returns undefined to refuse; then nothing is recorded. Undefined when the account does not exist.
 */
export async function changeAccount(
  deps: AccountChangeDeps, account: Account, notice: AccountNotice, change: (current: Account) => Account | undefined,
): Promise<AccountUpdate | undefined> {
  const personal = await personalWorkspaceOf(deps.workspaces, account.id);
  const email = notice.email && deps.links
    ? securityNoticeEmail({ to: account.email, notice: notice.email, at: deps.clock.now(), accountUrl: deps.links.accountSecurity(), detail: notice.detail })
    : undefined;
  const then: OutboxWork[] = email ? [{ kind: "email", email }] : [];
  const { passkeyId, passkeyName } = notice;
  const subject = {
    type: notice.type, actor: { accountId: account.id }, workspaceId: personal?.id ?? null,
    ...(passkeyId ? { passkeyId } : {}), ...(passkeyName ? { passkeyName } : {}),
  };
  const marked = markedChange(deps, "account", account.id);
  return journaled(deps, { subjects: [subject], check: marked.check, then }, async () => {
    const update = await deps.accounts.update(account.id, marked.mark(change));
    return { landed: !!update && update.after !== update.before, value: update };
  });
}

/** The personal workspace the account created (its audit log holds the account's own events), if any. */
export async function personalWorkspaceOf(workspaces: WorkspaceStore, accountId: string): Promise<Workspace | undefined> {
  for (const membership of [...(await workspaces.listMemberships(accountId))].sort(byCreation)) {
    const workspace = await workspaces.findById(membership.workspaceId);
    if (workspace?.personal && workspace.createdBy === accountId) return workspace;
  }
  return undefined;
}
