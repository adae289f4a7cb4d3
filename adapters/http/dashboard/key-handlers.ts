import { randomBytes } from "node:crypto";
import { getRouterParam, type H3Event } from "h3";
import type { SessionContext } from "../../../application/resolve-session.ts";
import type { ApiKeySummary } from "../../../domain/api-key-summary.ts";
import type { SessionRouteDeps } from "../session/session-deps.ts";
import { dashboardForm, dashboardPage, loadChrome } from "./dashboard-session.ts";
import { nameError, readKeyForm, type ToolChoices, toFieldErrors, toKeyCommand, toolChoicesOf } from "./key-form-input.ts";
import { keyCreatedPage, revokeConfirmPage } from "./pages/key-pages.ts";
import { type KeyFormState, keysPage } from "./pages/keys-page.ts";
import { messagePage } from "./pages/layout.ts";
import { htmlResponse, seeOther } from "./responses.ts";

/** Long enough to copy the secret after a slow redirect; short enough that an abandoned one does not linger. */
const FLASH_TTL_MS = 10 * 60_000;
const FLASH_ID = /^[A-Za-z0-9_-]{22}$/;

interface CreatedFlash {
  readonly key: ApiKeySummary;
  readonly secret: string;
  /** Present when the secret comes from a rotation. */
  readonly rotation?: { readonly previousSecretExpiresAt: string | null };
}

const NOTICES: Record<string, string> = {
  "workspace-created": "Workspace created. Keys you create now belong to it.",
  "workspace-switched": "Switched workspace.",
  "key-updated": "Key updated. A new limit applies from the next request.",
  joined: "You joined the workspace: its keys are below.",
};

/** The keys page, key creation (Post/Redirect/Get with a one-time flash), and revocation with a confirmation step. */
export function keyHandlers(deps: SessionRouteDeps) {
  const toolChoices = toolChoicesOf(deps.installedPacks);
  const render: Render = async (event, context, status, form) => {
    const keys = await deps.listWorkspaceKeys.execute({ accountId: context.account.id, workspaceId: context.workspace.id });
    const list = keys.ok ? keys.value : [];
    const chrome = await loadChrome(deps, context, "keys");
    const usage = await deps.workspaceUsage.execute({ accountId: context.account.id, workspaceId: context.workspace.id, granularity: "hour" });
    const calls24h = new Map(usage.ok ? usage.value.keys.map((key) => [key.keyId, key.calls] as const) : []);
    // Shown only where they would be allowed (shared/contract.md's role table); the use cases decide again.
    const mayChange = (key: ApiKeySummary) => context.role !== "member" || key.createdBy === context.account.id;
    const page = keysPage({
      chrome, workspaceName: context.workspace.name, keys: list, appEnv: deps.appEnv, defaultPolicy: deps.defaultPolicy, toolChoices, form,
      notice: noticeOf(event, list), calls24h, mayChange,
    });
    return htmlResponse(page, status);
  };
  return {
    list: dashboardPage(deps, (event, context) => render(event, context, 200)),
    create: createHandler(deps, toolChoices, render),
    created: createdHandler(deps),
    confirmRevoke: dashboardPage(deps, async (event, context) => {
      const keys = await deps.listWorkspaceKeys.execute({ accountId: context.account.id, workspaceId: context.workspace.id });
      const key = keys.ok ? keys.value.find((candidate) => candidate.id === keyIdOf(event)) : undefined;
      const chrome = await loadChrome(deps, context, "keys");
      if (!key) return htmlResponse(messagePage("Key not found", "This workspace has no such key. It may belong to another workspace.", chrome), 404);
      if (key.status === "revoked") return seeOther(`/dashboard/keys?revoked=${encodeURIComponent(key.id)}`);
      return htmlResponse(revokeConfirmPage(chrome, key));
    }),
    revoke: dashboardForm(deps, async (event, context) => {
      const result = await deps.revokeWorkspaceKey.execute({ accountId: context.account.id, workspaceId: context.workspace.id, keyId: keyIdOf(event) });
      if (result.ok) return seeOther(`/dashboard/keys?revoked=${encodeURIComponent(result.value.id)}`);
      const chrome = await loadChrome(deps, context, "keys");
      return htmlResponse(messagePage("Key not found", "This workspace has no such key. It may belong to another workspace.", chrome), 404);
    }),
  };
}

type Render = (event: H3Event, context: SessionContext, status: number, form?: KeyFormState) => Promise<Response>;

/**
 * POST /dashboard/keys: CreateKey (the CLI's use case) with the form's limit, expiry and scope, the secret into a
 * one-time flash, then 303 to show it. A refusal shows the form again as entered, each problem beside its field (422).
 */
function createHandler(deps: SessionRouteDeps, choices: ToolChoices, render: Render) {
  return dashboardForm(deps, async (event, context, form) => {
    const values = readKeyForm(form);
    const { command, errors } = toKeyCommand(values, choices);
    if (Object.keys(errors).length > 0) {
      const name = nameError(values.name);
      return render(event, context, 422, { ...values, errors: name ? { name, ...errors } : errors });
    }
    const result = await deps.createWorkspaceKey.execute({
      accountId: context.account.id, workspaceId: context.workspace.id, name: values.name, env: values.env, ...command,
    });
    if (!result.ok) {
      const invalid = result.error.code === "invalid_input";
      return render(event, context, invalid ? 422 : 403, { ...values, errors: invalid ? toFieldErrors(result.error.details) : {} });
    }
    return showSecretOnce(deps, context, { key: result.value.key, secret: result.value.secret });
  });
}

/** The secret into a one-time flash, then 303 to the one page that shows it (Post/Redirect/Get). */
export async function showSecretOnce(deps: SessionRouteDeps, context: SessionContext, flash: CreatedFlash): Promise<Response> {
  const flashId = randomBytes(16).toString("base64url");
  await deps.flash.put(`${context.session.id}:${flashId}`, JSON.stringify(flash), FLASH_TTL_MS);
  return seeOther(`/dashboard/keys/created?f=${flashId}`);
}

/** GET /dashboard/keys/created: the secret, once. */
function createdHandler(deps: SessionRouteDeps) {
  return dashboardPage(deps, async (event, context) => {
    const flashId = event.url.searchParams.get("f") ?? "";
    // Taken (deleted) on this first read: a reload or the back button finds nothing and lands on the list.
    const stored = FLASH_ID.test(flashId) ? await deps.flash.take(`${context.session.id}:${flashId}`) : undefined;
    if (!stored) return seeOther("/dashboard/keys");
    const { key, secret, rotation } = JSON.parse(stored) as CreatedFlash;
    return htmlResponse(keyCreatedPage(await loadChrome(deps, context, "keys"), key, secret, event.url.origin, rotation));
  });
}

const keyIdOf = (event: H3Event): string => getRouterParam(event, "id", { decode: true }) ?? "";

function noticeOf(event: H3Event, keys: readonly ApiKeySummary[]): string | undefined {
  const revoked = event.url.searchParams.get("revoked");
  if (revoked) {
    const key = keys.find((candidate) => candidate.id === revoked);
    return key ? `Key “${key.name}” was revoked. Requests with it now get 401.` : undefined;
  }
  return NOTICES[event.url.searchParams.get("notice") ?? ""];
}
