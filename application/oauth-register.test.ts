import { describe, expect, it } from "vitest";
import { HttpClientMetadataFetcher, type MetadataGet } from "../adapters/oauth/client-metadata-fetcher.ts";
import { oauthFixture, REDIRECT_URI } from "../adapters/oauth/testing.ts";

describe("register (RFC 7591)", () => {
  it("registers a public client and answers its metadata as RFC 7591 §3.2.1", async () => {
    const test = oauthFixture();
    const result = await test.oauth.register({ redirect_uris: [REDIRECT_URI, "https://agent.example/cb"], client_name: "Agent", token_endpoint_auth_method: "none" });
    expect(result.ok && result.value).toEqual({
      client_id: expect.stringMatching(/^client_[A-Za-z0-9_-]{24}$/), client_id_issued_at: Math.floor(test.clock.now() / 1000), client_name: "Agent",
      redirect_uris: [REDIRECT_URI, "https://agent.example/cb"], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"],
      token_endpoint_auth_method: "none",
    });
  });

  it("names a client without client_name after its first redirect URI's host", async () => {
    const test = oauthFixture();
    const result = await test.oauth.register({ redirect_uris: ["https://agent.example:8443/cb"] });
    expect(result.ok && result.value.client_name).toBe("agent.example:8443");
  });

  it.each([
    ["a non-loopback http: redirect", { redirect_uris: ["http://agent.example/cb"] }, "invalid_redirect_uri"],
    ["a redirect with a fragment", { redirect_uris: ["https://agent.example/cb#x"] }, "invalid_redirect_uri"],
    ["a custom-scheme redirect", { redirect_uris: ["cursor://oauth/callback"] }, "invalid_redirect_uri"],
    ["no redirect_uris", { client_name: "x" }, "invalid_redirect_uri"],
    ["an empty redirect_uris", { redirect_uris: [] }, "invalid_redirect_uri"],
    ["11 redirect URIs", { redirect_uris: Array.from({ length: 11 }, (_, i) => `https://a.example/${i}`) }, "invalid_redirect_uri"],
    ["a 2,001-character redirect URI", { redirect_uris: [`https://a.example/${"x".repeat(1983)}`] }, "invalid_redirect_uri"],
    ["a confidential client", { redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: "client_secret_basic" }, "invalid_client_metadata"],
    ["the implicit grant", { redirect_uris: [REDIRECT_URI], grant_types: ["implicit"] }, "invalid_client_metadata"],
    ["response_type token", { redirect_uris: [REDIRECT_URI], response_types: ["token"] }, "invalid_client_metadata"],
    ["a 101-character name", { redirect_uris: [REDIRECT_URI], client_name: "n".repeat(101) }, "invalid_client_metadata"],
    ["a name with a control character", { redirect_uris: [REDIRECT_URI], client_name: "Agent\u001b[2J" }, "invalid_client_metadata"],
    ["an array", [REDIRECT_URI], "invalid_client_metadata"],
  ])("refuses %s", async (_, metadata, error) => {
    const test = oauthFixture();
    const result = await test.oauth.register(metadata);
    expect(result).toMatchObject({ ok: false, error: { error } });
  });

  it("accepts 10 redirect URIs of 2,000 characters", async () => {
    const test = oauthFixture();
    const uris = Array.from({ length: 10 }, (_, i) => `https://a.example/${i}${"x".repeat(2000 - 19)}`);
    expect(uris[0]).toHaveLength(2000);
    expect((await test.oauth.register({ redirect_uris: uris })).ok).toBe(true);
  });

  it("refuses registrations past the deployment's limit with temporarily_unavailable", async () => {
    const test = oauthFixture();
    const server = test.serverWith({ registrations: { limit: 3, windowMs: 3_600_000 } });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await server.register({ redirect_uris: [REDIRECT_URI] }));
    expect(answers.map((answer) => (answer.ok ? "ok" : answer.error.error))).toEqual(["ok", "ok", "ok", "temporarily_unavailable", "temporarily_unavailable"]);
    test.clock.advance(3_600_000);
    expect((await server.register({ redirect_uris: [REDIRECT_URI] })).ok).toBe(true);
  });
});

const DOCUMENT_URL = "https://agent.example/oauth/client.json";

/** The real fetcher, its DNS answering a public address and its GET answering `body` (no network). */
function fetcherAnswering(body: unknown, gets: string[] = []) {
  const get: MetadataGet = async (target) => {
    gets.push(`${target.address} ${target.url.href}`);
    return { status: 200, contentType: "application/json", body: Buffer.from(JSON.stringify(body)) };
  };
  return new HttpClientMetadataFetcher({ lookup: async () => [{ address: "93.184.215.14", family: 4 }], get });
}

describe("Client ID Metadata Documents", () => {
  it("accepts a client_id that is its document's URL, fetching it once and then from the cache", async () => {
    const test = oauthFixture();
    const gets: string[] = [];
    const server = test.serverWith({ metadata: fetcherAnswering({ client_id: DOCUMENT_URL, client_name: "Doc Agent", redirect_uris: [REDIRECT_URI] }, gets) });
    const first = await server.checkAuthorization(test.params(DOCUMENT_URL));
    expect(first).toMatchObject({ kind: "show", client: { clientId: DOCUMENT_URL, clientName: "Doc Agent", kind: "metadata-document" } });
    await server.checkAuthorization(test.params(DOCUMENT_URL));
    expect(gets).toEqual([`93.184.215.14 ${DOCUMENT_URL}`]);
  });

  it.each([
    ["names another client_id", { client_id: "https://other.example/client.json", redirect_uris: [REDIRECT_URI] }],
    ["has no redirect_uris", { client_id: DOCUMENT_URL }],
    ["lists a non-loopback http: redirect", { client_id: DOCUMENT_URL, redirect_uris: ["http://agent.example/cb"] }],
    ["is a confidential client", { client_id: DOCUMENT_URL, redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: "private_key_jwt" }],
  ])("refuses a document that %s, without redirecting", async (_, document) => {
    const test = oauthFixture();
    const server = test.serverWith({ metadata: fetcherAnswering(document) });
    expect(await server.checkAuthorization(test.params(DOCUMENT_URL))).toMatchObject({ kind: "refuse", error: { error: "invalid_client" } });
  });

  it("refuses a document whose host resolves to a loopback address, fetching nothing", async () => {
    const test = oauthFixture();
    const gets: string[] = [];
    const get: MetadataGet = async (target) => {
      gets.push(target.address);
      throw new Error("must not be reached");
    };
    const metadata = new HttpClientMetadataFetcher({ lookup: async () => [{ address: "127.0.0.1", family: 4 }], get });
    const check = await test.serverWith({ metadata }).checkAuthorization(test.params(DOCUMENT_URL));
    expect(check).toMatchObject({ kind: "refuse", error: { error: "invalid_client", description: expect.stringContaining("refused address (loopback)") } });
    expect(gets).toEqual([]);
  });

  it("does not treat an http: URL or a bare origin as a document", async () => {
    const test = oauthFixture();
    const server = test.serverWith({ metadata: fetcherAnswering({ client_id: "http://agent.example/c.json", redirect_uris: [REDIRECT_URI] }) });
    for (const clientId of ["http://agent.example/c.json", "https://agent.example/", "https://agent.example"]) {
      expect(await server.checkAuthorization(test.params(clientId)), clientId).toMatchObject({ kind: "refuse", error: { error: "invalid_client" } });
    }
  });
});
