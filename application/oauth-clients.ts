// Client metadata as RFC 7591 (registration) and Client ID Metadata Documents give it, and how a client is found.
import { checkDisplayName } from "../domain/display-name.ts";
import { MAX_CLIENT_NAME_LENGTH, MAX_REDIRECT_URIS, OAUTH_LIFETIMES, redirectHostOf, redirectUriProblem } from "../domain/oauth.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { type OAuthDeps, oauthError } from "./oauth-deps.ts";
import type { OAuthClient, OAuthError } from "./oauth-use-cases.ts";

/** What a client's metadata says, once checked. */
export interface ClientMetadata {
  readonly redirectUris: readonly string[];
  readonly clientName: string;
}

const GRANT_TYPES = ["authorization_code", "refresh_token"];
const RESPONSE_TYPES = ["code"];

/**
 * Checks metadata of a public client: `token_endpoint_auth_method` absent or `none` (this server keeps no client
 * secrets), `redirect_uris` 1 to 10 valid URIs (invalid_redirect_uri), grant and response types this server
 * supports, `client_name` a display name of at most 100 characters, else the first redirect URI's host.
 */
export function checkClientMetadata(raw: unknown): Result<ClientMetadata, OAuthError> {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return err(oauthError("invalid_client_metadata", "The metadata must be a JSON object."));
  const metadata = raw as Record<string, unknown>;
  const method = metadata.token_endpoint_auth_method;
  if (method !== undefined && method !== "none") {
    return err(oauthError("invalid_client_metadata", "Only public clients are accepted: token_endpoint_auth_method must be \"none\"."));
  }
  const uris = metadata.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > MAX_REDIRECT_URIS) {
    return err(oauthError("invalid_redirect_uri", `redirect_uris must list 1 to ${MAX_REDIRECT_URIS} URIs.`));
  }
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) return err(oauthError("invalid_redirect_uri", `The redirect URI ${JSON.stringify(String(uri).slice(0, 200))} ${problem}.`));
  }
  const unsupported = listProblem(metadata.grant_types, GRANT_TYPES, "grant_types") ?? listProblem(metadata.response_types, RESPONSE_TYPES, "response_types");
  if (unsupported) return err(oauthError("invalid_client_metadata", unsupported));
  const redirectUris = [...new Set(uris as string[])];
  if (metadata.client_name === undefined) return ok({ redirectUris, clientName: redirectHostOf(redirectUris[0]) });
  const name = checkDisplayName(metadata.client_name, MAX_CLIENT_NAME_LENGTH, "client_name");
  if (!name.ok) return err(oauthError("invalid_client_metadata", `client_name ${name.error.message}.`));
  return ok({ redirectUris, clientName: name.value });
}

function listProblem(value: unknown, supported: readonly string[], field: string): string | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value) && value.every((item) => typeof item === "string" && supported.includes(item))) return undefined;
  return `${field} may list only ${supported.join(", ")}.`;
}

/** Whether a client_id names a Client ID Metadata Document: an `https:` URL with a path. */
export function isMetadataDocumentId(clientId: string): boolean {
  if (!clientId.startsWith("https://") || !URL.canParse(clientId)) return false;
  const url = new URL(clientId);
  return url.pathname !== "/" && url.pathname !== "" && !url.hash && !url.username && !url.password;
}

/**
 * The client with this id: a registered one from storage, or a metadata document (cached for a few minutes,
 * otherwise fetched and checked: its `client_id` must be its own URL). `invalid_client` when there is none.
 */
export async function findClient(deps: OAuthDeps, clientId: string): Promise<Result<OAuthClient, OAuthError>> {
  const stored = await deps.store.findClient(clientId);
  if (stored) return ok(stored);
  if (!isMetadataDocumentId(clientId)) return err(oauthError("invalid_client", "No client is registered with this client_id."));
  if (!deps.metadata) return err(oauthError("invalid_client", "This server does not fetch Client ID Metadata Documents."));
  const fetched = await deps.metadata.fetch(clientId);
  if (!fetched.ok) return err(oauthError("invalid_client", `The client's metadata document could not be used: ${fetched.reason}`));
  const document = fetched.document as Record<string, unknown> | null;
  if (typeof document !== "object" || document === null || document.client_id !== clientId) {
    return err(oauthError("invalid_client", "The client's metadata document must name its own URL as client_id."));
  }
  const checked = checkClientMetadata(document);
  if (!checked.ok) return err(oauthError("invalid_client", `The client's metadata document is refused: ${checked.error.description}`));
  const client: OAuthClient = { clientId, ...checked.value, kind: "metadata-document", issuedAt: deps.clock.now() };
  await deps.store.saveClient(client, OAUTH_LIFETIMES.metadataDocumentMs);
  return ok(client);
}
