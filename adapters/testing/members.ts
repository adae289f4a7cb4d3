import type { AccountDeps } from "../../application/account-deps.ts";
import type { Role } from "../../domain/workspace.ts";
import { buildToolCore } from "../core/create-tool-core.ts";
import { loadPacks } from "../packs/load-packs.ts";
import { ScryptPasswordHasher } from "../security/scrypt-password-hasher.ts";
import { openMemoryStorage } from "../storage/open-storage.ts";
import { FixedClock } from "../system.ts";
import { hashText } from "../tools/crypto/hash-text.ts";
import { InlineToolRunner } from "../tools/inline-tool-runner.ts";
import { TEST_SCRYPT_COST } from "./harness.ts";

export const PASSWORD = "correct horse battery";
const packs = await loadPacks(["./examples/tool-pack"]);

/** One signed-up account: its id, email and session token. */
export interface Person {
  readonly accountId: string;
  readonly email: string;
  readonly token: string;
}

/** The account use cases of a whole core (memory storage, the injected clock, the example pack installed). */
export function createMembersFixture() {
  const clock = new FixedClock(Date.UTC(2026, 2, 1, 9, 0, 0));
  const core = buildToolCore({
    storage: openMemoryStorage(clock), clock, tools: [hashText], runner: new InlineToolRunner(), packs,
    passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST),
  });
  const deps: AccountDeps = core.services.accounts();
  let signUps = 0;
  const signUp = async (email: string): Promise<Person> => {
    // One address each: sign-ups are limited per client address.
    signUps += 1;
    const result = await deps.signUp.execute({ email, password: PASSWORD, ip: `10.0.${signUps >> 8}.${signUps & 255}` });
    if (!result.ok) throw new Error(result.error.message);
    return { accountId: result.value.account.id, email: result.value.account.email, token: result.value.token };
  };
  /** Invites `person` into the workspace as `role` (by `inviter`) and accepts as them. */
  const join = async (workspaceId: string, inviter: Person, person: Person, role: Role): Promise<void> => {
    const invited = await deps.inviteMember.execute({ accountId: inviter.accountId, workspaceId, email: person.email, role });
    if (!invited.ok) throw new Error(invited.error.message);
    const accepted = await deps.acceptInvitation.execute({ accountId: person.accountId, token: invited.value.token });
    if (!accepted.ok) throw new Error(accepted.error.message);
  };
  return { clock, core, deps, signUp, join };
}

/**
 * A shared workspace "Team": two owners (so an owner may be removed or demoted), an admin, a member, and a spare
 * member and admin for actions that change someone else.
 */
export async function createTeam() {
  const fixture = createMembersFixture();
  const { deps, signUp, join } = fixture;
  const [owner, owner2, admin, member, spareMember, spareAdmin] = await Promise.all(
    ["owner", "owner2", "admin", "member", "spare-member", "spare-admin"].map((name) => signUp(`${name}@example.com`)));
  const created = await deps.createWorkspace.execute({ accountId: owner.accountId, name: "Team" });
  if (!created.ok) throw new Error(created.error.message);
  const workspaceId = created.value.id;
  await join(workspaceId, owner, owner2, "owner");
  await join(workspaceId, owner, admin, "admin");
  await join(workspaceId, owner, member, "member");
  await join(workspaceId, owner, spareMember, "member");
  await join(workspaceId, owner, spareAdmin, "admin");
  return { ...fixture, workspaceId, owner, owner2, admin, member, spareMember, spareAdmin };
}

export type Team = Awaited<ReturnType<typeof createTeam>>;
