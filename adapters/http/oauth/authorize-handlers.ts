import type { H3Event } from "h3";
import type { AuthorizationCheck, AuthorizationParams, OAuthError } from "../../../application/oauth-use-cases.ts";
import type { SessionContext } from "../../../application/resolve-session.ts";
import type { KeyScopes } from "../../../domain/api-key.ts";
import { isAllowed } from "../../../domain/workspace.ts";
import { dashboardForm, dashboardGuard } from "../dashboard/dashboard-session.ts";
import { field } from "../dashboard/form.ts";
import { toolChoicesOf } from "../dashboard/key-form-input.ts";
import { AUTHORIZATION_PARAMS, consentPage } from "../dashboard/pages/consent-page.ts";
import { messagePage } from "../dashboard/pages/layout.ts";
import { CONTENT_SECURITY_POLICY, htmlResponse, seeOther } from "../dashboard/responses.ts";
import { signInPath } from "../dashboard/return-path.ts";
import { clearedSessionCookie, readSessionToken } from "../session/session-cookie.ts";
import type { SessionRouteDeps } from "../session/session-deps.ts";
import type { OAuthEndpointDeps } from "./oauth-endpoints.ts";
import { OAUTH_PATHS } from "./oauth-metadata.ts";

/** The dashboard path sign-in returns to (return paths stay under /dashboard): it sends the browser back to /oauth/authorize. */
export const AUTHORIZE_RETURN_PATH = "/dashboard/oauth/authorize";

type Deps = SessionRouteDeps & OAuthEndpointDeps;
type Shown = Extract<AuthorizationCheck, { kind: "show" }>;

/** GET /oauth/authorize (the consent page), its way back from sign-in, and POST /oauth/authorize (the consent form). */
export function authorizeHandlers(deps: Deps) {
  return {
    page: dashboardGuard(deps, async (event) => {
      const params = readParams(event.url.searchParams);
      // A bad request is answered before anyone is asked to sign in: an error page, or the client's redirect.
      const check = params ? await deps.oauth.checkAuthorization(params) : refusal({ error: "invalid_request", description: "A parameter is sent more than once." });
      if (check.kind === "refuse") return refusedPage(check.error);
      if (check.kind === "redirect") return seeOther(check.location);
      const token = readSessionToken(event);
      const session = await deps.resolveSession.execute({ token });
      if (!session.ok) return seeOther(signInPath(`${AUTHORIZE_RETURN_PATH}${event.url.search}`), token ? [["set-cookie", clearedSessionCookie(event)]] : []);
      return consentResponse(deps, session.value, check, params ?? {}, check.scope);
    }),
    returnFromSignIn: async (event: H3Event) => seeOther(`${OAUTH_PATHS.authorize}${event.url.search}`),
    decide: dashboardForm(deps, async (_event, context, form) => {
      const params = Object.fromEntries(AUTHORIZATION_PARAMS.flatMap((name) => (form.has(name) ? [[name, form.get(name) ?? ""]] : [])));
      const approve = form.get("decision") === "approve";
      const workspaceId = field(form, "workspaceId") || undefined;
      const scopes: KeyScopes | null = form.get("tools") === "chosen" ? { tools: [], categories: [...new Set(form.getAll("categories"))] } : null;
      if (approve && scopes !== null && scopes.categories.length === 0) {
        const check = await deps.oauth.checkAuthorization(params);
        if (check.kind !== "show") return check.kind === "refuse" ? refusedPage(check.error) : seeOther(check.location);
        return consentResponse(deps, context, check, params, scopes, { workspaceId, error: "Choose at least one category, or every tool.", status: 422 });
      }
      const decided = await deps.oauth.decide({ account: context.account, params, approve, workspaceId, scopes });
      return decided.kind === "redirect" ? seeOther(decided.location) : refusedPage(decided.error);
    }, { boundToWorkspace: false }),
  };
}

/** The query as the use cases read it, or undefined when a parameter repeats (RFC 6749 §3.1 forbids it). */
function readParams(query: URLSearchParams): AuthorizationParams | undefined {
  const names = [...query.keys()];
  if (new Set(names).size !== names.length) return undefined;
  return Object.fromEntries(query);
}

const refusal = (error: OAuthError): AuthorizationCheck => ({ kind: "refuse", error });

/** RFC 6749 §4.1.2.1: a request whose client or redirect URI cannot be trusted is shown its error, never redirected. */
function refusedPage(error: OAuthError): Response {
  return htmlResponse(messagePage("Authorization refused", `${error.description} (${error.error})`), 400);
}

interface Again {
  readonly workspaceId?: string;
  readonly error?: string;
  readonly status?: number;
}

/**
 * The consent page. Browsers apply `form-action` to where a form's answer redirects, so this page alone lets the form
 * lead to the client's redirect URI's origin.
 */
async function consentResponse(deps: Deps, context: SessionContext, check: Shown, params: AuthorizationParams, scope: KeyScopes | null, again: Again = {}): Promise<Response> {
  const entries = await deps.listWorkspaces.execute({ accountId: context.account.id });
  const workspaces = entries.filter((entry) => isAllowed(entry.role, "create_key")).map((entry) => entry.workspace);
  const selected = workspaces.find((workspace) => workspace.id === again.workspaceId) ?? workspaces.find((workspace) => workspace.id === context.workspace.id) ?? workspaces[0];
  const page = consentPage({
    email: context.account.email, csrf: context.session.csrfToken, client: check.client, redirectHost: check.redirectHost, params,
    workspaces, selectedWorkspaceId: selected?.id ?? "", categories: toolChoicesOf(deps.installedPacks).categories, scope, error: again.error,
  });
  const response = htmlResponse(page, again.status ?? 200);
  const target = originOf(params.redirect_uri ?? (check.client.redirectUris.length === 1 ? check.client.redirectUris[0] : undefined));
  if (target) response.headers.set("content-security-policy", CONTENT_SECURITY_POLICY.replace("form-action 'self'", `form-action 'self' ${target}`));
  return response;
}

/** An https: or http: origin as a CSP source; undefined for anything else (it could not be written into the header safely). */
function originOf(uri: string | undefined): string | undefined {
  if (uri === undefined || !URL.canParse(uri)) return undefined;
  const { protocol, origin } = new URL(uri);
  return protocol === "https:" || protocol === "http:" ? origin : undefined;
}
