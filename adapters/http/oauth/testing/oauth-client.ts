import * as oauth from "oauth4webapi";
import { cookieOf, PASSWORD } from "../../session/testing.ts";

/** oauth4webapi refuses http: unless told: these servers listen on 127.0.0.1 without TLS. */
export const INSECURE = { [oauth.allowInsecureRequests]: true } as const;

/** A signed-in account over the session API: its cookie, CSRF token and personal workspace. */
export interface Person {
  readonly cookie: string;
  readonly csrf: string;
  readonly workspaceId: string;
}

/** Signs up over the session API of the server at `url`. */
export async function signUpAt(url: string, email: string): Promise<Person> {
  const response = await fetch(`${url}/api/v1/auth/sign-up`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: PASSWORD }) });
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const { data } = (await response.json()) as { data: { csrfToken: string } };
  const cookie = cookieOf(response);
  const session = (await (await fetch(`${url}/api/v1/auth/session`, { headers: { cookie } })).json()) as { data: { workspace: { id: string } } };
  return { cookie, csrf: data.csrfToken, workspaceId: session.data.workspace.id };
}

/** The authorization server's metadata, read and checked by oauth4webapi (RFC 8414 §3.3: the issuer must match). */
export async function discover(url: string): Promise<oauth.AuthorizationServer> {
  return oauth.processDiscoveryResponse(new URL(url), await oauth.discoveryRequest(new URL(url), { algorithm: "oauth2", ...INSECURE }));
}

/** A public client registered over RFC 7591 with one redirect URI. */
export async function registerClient(as: oauth.AuthorizationServer, redirectUri: string, name = "Refusals Test Client"): Promise<oauth.Client> {
  const response = await oauth.dynamicClientRegistrationRequest(as, { redirect_uris: [redirectUri], client_name: name, token_endpoint_auth_method: "none" }, INSECURE);
  return oauth.processDynamicClientRegistrationResponse(response);
}

/** One authorization request's parts: the URL a browser is sent to, and what the client keeps for the exchange. */
export interface AuthorizationRequest {
  readonly url: URL;
  readonly verifier: string;
  readonly state: string;
  readonly redirectUri: string;
}

/** An authorization request as an MCP client makes it: PKCE S256, state, the resource `<url>/mcp`. */
export async function authorizationRequest(as: oauth.AuthorizationServer, client: oauth.Client, redirectUri: string, overrides: Record<string, string> = {}): Promise<AuthorizationRequest> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint as string);
  const params = {
    response_type: "code", client_id: client.client_id, redirect_uri: redirectUri, code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256", state, resource: `${as.issuer}/mcp`, scope: "tools", ...overrides,
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return { url, verifier, state, redirectUri };
}

/** The consent page's form fields, read from its HTML as a browser would submit them (hidden inputs). */
export function hiddenFields(page: string): Record<string, string> {
  const unescape = (text: string) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  return Object.fromEntries([...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [match[1], unescape(match[2])]));
}

/**
 * Opens the consent page as `person` and submits it as a browser would (same Origin, the page's hidden fields, the
 * button pressed and the choices made); the answer's Location is where the browser goes next.
 */
export async function answerConsent(request: AuthorizationRequest, person: Person, choice: { decision: "approve" | "deny"; workspaceId?: string; categories?: readonly string[] }): Promise<URL> {
  const page = await fetch(request.url, { headers: { cookie: person.cookie }, redirect: "manual" });
  if (page.status !== 200) throw new Error(`the consent page answered ${page.status}: ${await page.text()}`);
  const form = new URLSearchParams(hiddenFields(await page.text()));
  form.set("decision", choice.decision);
  form.set("workspaceId", choice.workspaceId ?? person.workspaceId);
  form.set("tools", choice.categories ? "chosen" : "all");
  for (const category of choice.categories ?? []) form.append("categories", category);
  const posted = await fetch(new URL("/oauth/authorize", request.url), {
    method: "POST", redirect: "manual", body: form,
    headers: { cookie: person.cookie, origin: request.url.origin, "content-type": "application/x-www-form-urlencoded" },
  });
  const location = posted.headers.get("location");
  if (posted.status !== 303 || !location) throw new Error(`the consent form answered ${posted.status}: ${await posted.text()}`);
  return new URL(location);
}

/** Exchanges the code of an approved consent's redirect for tokens (oauth4webapi checks state and the answer). */
export async function exchange(as: oauth.AuthorizationServer, client: oauth.Client, request: AuthorizationRequest, redirect: URL, options: { verifier?: string; redirectUri?: string; resource?: string } = {}) {
  const params = oauth.validateAuthResponse(as, client, redirect, request.state);
  const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, options.redirectUri ?? request.redirectUri, options.verifier ?? request.verifier, {
    additionalParameters: { resource: options.resource ?? `${as.issuer}/mcp` }, ...INSECURE,
  });
  return oauth.processAuthorizationCodeResponse(as, client, response);
}
