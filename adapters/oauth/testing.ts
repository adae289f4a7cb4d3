// The OAuth tests' fixture: the authorization server as the container binds it, with a person to consent and a client.
import type { OAuthUseCases, TokenAnswer } from "../../application/oauth-use-cases.ts";
import type { Account } from "../../domain/account.ts";
import type { KeyScopes } from "../../domain/api-key.ts";
import { s256ChallengeOf } from "../../domain/oauth.ts";
import { TOKENS } from "../container.ts";
import { buildToolCore } from "../core/create-tool-core.ts";
import { ScryptPasswordHasher } from "../security/scrypt-password-hasher.ts";
import { openMemoryStorage, type Storage } from "../storage/open-storage.ts";
import { CryptoSecretSource, FixedClock } from "../system.ts";
import { KeyvOAuthStore } from "../storage/keyv-oauth-store.ts";
import { buildOAuthServer } from "../../application/oauth-server.ts";
import type { OAuthDeps } from "../../application/oauth-deps.ts";
import { TEST_SCRYPT_COST } from "../testing/harness.ts";
import { hashText } from "../tools/crypto/hash-text.ts";
import { InlineToolRunner } from "../tools/inline-tool-runner.ts";

export const OAUTH_PUBLIC_URL = "https://tools.example.test";
export const MCP_RESOURCE = `${OAUTH_PUBLIC_URL}/mcp`;
export const REDIRECT_URI = "http://127.0.0.1:33418/callback";
/** RFC 7636 Appendix B's verifier (its challenge is E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM). */
export const VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";

/** The whole core (memory storage unless given, a fixed clock, PUBLIC_URL set), its OAuth facade and helpers. */
export function oauthFixture(options: { storage?: Storage; clock?: FixedClock } = {}) {
  const clock = options.clock ?? new FixedClock(Date.UTC(2026, 3, 1, 9));
  const storage = options.storage ?? openMemoryStorage(clock);
  const core = buildToolCore({
    storage, clock, runner: new InlineToolRunner(), tools: [hashText], env: "development",
    passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST), events: { publicUrl: OAUTH_PUBLIC_URL, dispatch: false },
  });
  const deps = core.services.accounts();
  const oauth = deps.oauth as OAuthUseCases;
  const { container } = core.services;
  let signUps = 0;

  /** A new account (its personal workspace is `workspaceId`). */
  const person = async (email: string): Promise<{ account: Account; workspaceId: string }> => {
    signUps += 1;
    const result = await deps.signUp.execute({ email, password: "correct horse battery", ip: `10.9.${signUps >> 8}.${signUps & 255}` });
    if (!result.ok) throw new Error(result.error.message);
    const account = await container.get(TOKENS.accountStore).findById(result.value.account.id);
    return { account: account as Account, workspaceId: result.value.workspace.id };
  };

  /** A registered client's id. */
  const register = async (metadata: Record<string, unknown> = { redirect_uris: [REDIRECT_URI], client_name: "Test Agent" }): Promise<string> => {
    const result = await oauth.register(metadata);
    if (!result.ok) throw new Error(result.error.description);
    return result.value.client_id;
  };

  /** A valid authorization request of `clientId`, with `changes` applied (undefined removes a field). */
  const params = (clientId: string, changes: Record<string, string | undefined> = {}) => ({
    response_type: "code", client_id: clientId, redirect_uri: REDIRECT_URI, code_challenge: s256ChallengeOf(VERIFIER),
    code_challenge_method: "S256", state: "xyz-state", resource: MCP_RESOURCE, ...changes,
  });

  /** Approves `clientId` for the person in their workspace and returns the redirect's query. */
  const approve = async (
    who: { account: Account; workspaceId: string }, clientId: string, options: { scopes?: KeyScopes | null; params?: Record<string, string | undefined> } = {},
  ): Promise<URLSearchParams> => {
    const decided = await oauth.decide({ account: who.account, params: params(clientId, options.params), approve: true, workspaceId: who.workspaceId, scopes: options.scopes });
    if (decided.kind !== "redirect") throw new Error(`decide refused: ${decided.error.description}`);
    return new URL(decided.location).searchParams;
  };

  /** The token form of an authorization-code exchange, with `changes` applied. */
  const codeForm = (clientId: string, code: string, changes: Record<string, string | undefined> = {}) => ({
    grant_type: "authorization_code", code, client_id: clientId, redirect_uri: REDIRECT_URI, code_verifier: VERIFIER, resource: MCP_RESOURCE, ...changes,
  });

  /** The whole flow: a client approved by the person and its first tokens. */
  const granted = async (who: { account: Account; workspaceId: string }, clientId?: string): Promise<{ clientId: string; tokens: TokenAnswer }> => {
    const id = clientId ?? (await register());
    const code = (await approve(who, id)).get("code") as string;
    const answer = await oauth.token(codeForm(id, code));
    if (!answer.ok) throw new Error(answer.error.description);
    return { clientId: id, tokens: answer.value };
  };

  /** Another facade on the same storage and use cases, with some dependencies replaced (a metadata fetcher, limits). */
  const serverWith = (overrides: Partial<OAuthDeps>): OAuthUseCases => buildOAuthServer({
    store: new KeyvOAuthStore(storage.atomic.bind(storage)), clock, secrets: new CryptoSecretSource(), publicUrl: () => OAUTH_PUBLIC_URL,
    keys: storage.keys, workspaces: container.get(TOKENS.workspaceStore), createWorkspaceKey: container.get(TOKENS.createWorkspaceKey),
    revokeKey: container.get(TOKENS.revokeKey), limits: storage.limits, env: "development", ...overrides,
  });

  return { clock, core, deps, oauth, container, storage, person, register, params, approve, codeForm, granted, serverWith };
}

export type OAuthFixture = ReturnType<typeof oauthFixture>;
