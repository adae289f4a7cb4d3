import { CheckPackAccess } from "../../application/check-pack-access.ts";
import type { ToolCatalog, WorkspacePackStore, WorkspaceStore } from "../../application/ports.ts";
import { DisableWorkspacePack, EnableWorkspacePack, ListWorkspacePacks, type WorkspacePackDeps } from "../../application/workspace-packs.ts";
import { CORE_PACK_ID } from "../../domain/tool-pack.ts";
import { type Container, type Infrastructure, memoryKeyv, TOKENS } from "../tokens.ts";
import { atomicPackStore, KeyvWorkspacePackStore, PACKS_NAMESPACE } from "../storage/keyv-workspace-pack-store.ts";

/** Workspace enablement of tool packs, and the execute-path check that reads it. */
export function bindPackUseCases(container: Container, infra: Infrastructure): void {
  const installed = [CORE_PACK_ID, ...(infra.packs ?? []).map((pack) => pack.id)];
  container.bind(TOKENS.workspacePackStore).toConstantValue(packStoreOf(infra));
  container.bind(TOKENS.checkPackAccess).toResolvedValue(
    (tools: ToolCatalog, packs: WorkspacePackStore) => new CheckPackAccess({ tools, packs }),
    [TOKENS.toolCatalog, TOKENS.workspacePackStore],
  );
  // Enabling and disabling are audit events, recorded and sent like the key events (never a secret in them).
  const audit = { audit: infra.audit, clock: infra.clock, secrets: infra.secrets, outbox: infra.events.outbox };
  const deps = (workspaces: WorkspaceStore, packs: WorkspacePackStore): WorkspacePackDeps => ({ workspaces, packs, installed, audit });
  const tokens = [TOKENS.workspaceStore, TOKENS.workspacePackStore] as const;
  container.bind(TOKENS.listWorkspacePacks).toResolvedValue((...d: Parameters<typeof deps>) => new ListWorkspacePacks(deps(...d)), [...tokens]);
  container.bind(TOKENS.enableWorkspacePack).toResolvedValue((...d: Parameters<typeof deps>) => new EnableWorkspacePack(deps(...d)), [...tokens]);
  container.bind(TOKENS.disableWorkspacePack).toResolvedValue((...d: Parameters<typeof deps>) => new DisableWorkspacePack(deps(...d)), [...tokens]);
}

/** The workspaces' pack lists, changed atomically where the storage can (every instance and worker then keeps each change). */
const packStoreOf = (infra: Infrastructure): WorkspacePackStore =>
  infra.atomic ? atomicPackStore(infra.atomic) : new KeyvWorkspacePackStore((infra.keyv ?? memoryKeyv)<string[]>(PACKS_NAMESPACE));
