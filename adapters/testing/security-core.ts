import { type AttemptLimits, DEFAULT_ATTEMPT_LIMITS } from "../../application/attempt-limits.ts";
import type { EmailMessage } from "../../domain/event.ts";
import { TOKENS } from "../container.ts";
import { buildToolCore } from "../core/create-tool-core.ts";
import { ScryptPasswordHasher } from "../security/scrypt-password-hasher.ts";
import { openMemoryStorage } from "../storage/open-storage.ts";
import { FixedClock } from "../system.ts";
import { InlineToolRunner } from "../tools/inline-tool-runner.ts";
import { TEST_SCRYPT_COST } from "./harness.ts";

/** The PUBLIC_URL of securityCore: links must start with it. */
export const SECURITY_PUBLIC_URL = "https://tools.example.test";

/**
 * The account-security use cases as the server binds them, on memory storage, a fixed clock and a public URL (so
 * links are made and emails queued), with nothing sent: `takeEmails()` reads the emails queued since its last call
 * straight from the outbox.
 */
export function securityCore(options: { attemptLimits?: AttemptLimits; emailDelivered?: boolean; start?: number } = {}) {
  const clock = new FixedClock(options.start ?? Date.UTC(2026, 0, 1, 12));
  const core = buildToolCore({
    storage: openMemoryStorage(clock), clock, runner: new InlineToolRunner(), tools: [], env: "development",
    passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST), attemptLimits: options.attemptLimits ?? DEFAULT_ATTEMPT_LIMITS,
    events: { publicUrl: SECURITY_PUBLIC_URL, dispatch: false, emailDelivered: options.emailDelivered },
  });
  const { container } = core.services;
  const outbox = container.get(TOKENS.outbox);
  return {
    clock,
    security: container.get(TOKENS.accountSecurity),
    signUp: container.get(TOKENS.signUp),
    signIn: container.get(TOKENS.signIn),
    accounts: container.get(TOKENS.accountStore),
    keys: container.get(TOKENS.apiKeyStore),
    createWorkspaceKey: container.get(TOKENS.createWorkspaceKey),
    workspaces: container.get(TOKENS.workspaceStore),
    members: {
      createWorkspace: container.get(TOKENS.createWorkspace),
      inviteMember: container.get(TOKENS.inviteMember),
      acceptInvitation: container.get(TOKENS.acceptInvitation),
    },
    audit: container.get(TOKENS.auditLog),
    resolve: container.get(TOKENS.resolveSession),
    /** The emails queued since the last call (each is leased to the test, so it is read once). */
    async takeEmails(): Promise<EmailMessage[]> {
      const items = await outbox.claim(clock.now() + 365 * 86_400_000, 1000, 365 * 86_400_000, "test-reader");
      return items.flatMap((item) => (item.work.kind === "email" ? [item.work.email] : []));
    },
  };
}

export type SecurityCore = ReturnType<typeof securityCore>;

/** The one link under `path` (e.g. `/dashboard/reset-password/`) in an email's text; throws when there is not exactly one. */
export function linkIn(email: EmailMessage, path: string): string {
  const links = email.text.match(/https?:\/\/\S+/g)?.filter((link) => new URL(link).pathname.startsWith(path)) ?? [];
  if (links.length !== 1) throw new Error(`expected one ${path} link in: ${email.text}`);
  return links[0];
}

/** The token of a link: its last path segment. */
export const tokenOf = (link: string): string => decodeURIComponent(new URL(link).pathname.split("/").pop() ?? "");
