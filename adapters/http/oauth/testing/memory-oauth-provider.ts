import { randomBytes } from "node:crypto";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";

/**
 * The MCP SDK's OAuthClientProvider as a desktop agent implements it, in memory: a public client with one loopback
 * redirect URI, registered dynamically; the "browser" is whoever reads `authorizationUrl()`.
 */
export class MemoryOAuthProvider implements OAuthClientProvider {
  private information: OAuthClientInformationMixed | undefined;
  private saved: OAuthTokens | undefined;
  private verifier: string | undefined;
  private sent: URL | undefined;
  private lastState: string | undefined;

  constructor(private readonly redirect: string, private readonly name: string) {}

  get redirectUrl(): string {
    return this.redirect;
  }

  get clientMetadata(): OAuthClientMetadata {
    return { client_name: this.name, redirect_uris: [this.redirect], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none" };
  }

  state(): string {
    this.lastState = randomBytes(16).toString("base64url");
    return this.lastState;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.information;
  }

  saveClientInformation(information: OAuthClientInformationMixed): void {
    this.information = information;
  }

  tokens(): OAuthTokens | undefined {
    return this.saved;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }

  redirectToAuthorization(url: URL): void {
    this.sent = url;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error("no code verifier was saved");
    return this.verifier;
  }

  /** The authorization URL the SDK sent the browser to; throws when it sent none. */
  authorizationUrl(): URL {
    if (!this.sent) throw new Error("the SDK never redirected to the authorization server");
    return this.sent;
  }

  /** The state the last authorization request carried. */
  sentState(): string | undefined {
    return this.lastState;
  }
}
