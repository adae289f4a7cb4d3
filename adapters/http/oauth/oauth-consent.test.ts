import type * as oauth from "oauth4webapi";
import { beforeAll, describe, expect, it } from "vitest";
import { callMessage, postMcp } from "../../mcp/testing/mcp-fixtures.ts";
import {
  answerConsent, type AuthorizationRequest, authorizationRequest, discover, exchange, hiddenFields, type Person, registerClient, signUpAt,
} from "./testing/oauth-client.ts";
import { useOAuthTestServer } from "./testing/oauth-test-server.ts";

const server = useOAuthTestServer();
const REDIRECT = "http://127.0.0.1:9/callback";
let as: oauth.AuthorizationServer;
let client: oauth.Client;
let person: Person;
let request: AuthorizationRequest;

beforeAll(async () => {
  as = await discover(server.current.url);
  client = await registerClient(as, REDIRECT, "Consent <Test> Client");
  person = await signUpAt(server.current.url, "consent@example.test");
  request = await authorizationRequest(as, client, REDIRECT);
});

const get = (path: string) => fetch(`${server.current.url}${path}`, { redirect: "manual" });
const postConsent = (form: URLSearchParams, headers: Record<string, string>) =>
  fetch(`${server.current.url}/oauth/authorize`, { method: "POST", redirect: "manual", body: form, headers: { "content-type": "application/x-www-form-urlencoded", ...headers } });

describe("GET /oauth/authorize", () => {
  it("sends a browser without a session to sign-in, which comes back to this very request", async () => {
    const first = await fetch(request.url, { redirect: "manual" });
    expect(first.status).toBe(303);
    const signIn = new URL(first.headers.get("location") ?? "", request.url);
    expect(signIn.pathname).toBe("/dashboard/sign-in");
    const back = await get(signIn.searchParams.get("next") ?? "");
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(`${request.url.pathname}${request.url.search}`);
  });

  it("shows a signed-in person the client, its redirect host, and a CSP that lets the form's answer reach the client", async () => {
    const page = await fetch(request.url, { headers: { cookie: person.cookie }, redirect: "manual" });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain("Consent &lt;Test&gt; Client");
    expect(text).toContain("data-redirect-host>127.0.0.1:9<");
    expect(page.headers.get("content-security-policy")).toContain("form-action 'self' http://127.0.0.1:9;");
  });

  it("refuses a request that repeats a parameter, without redirecting (RFC 6749 §3.1)", async () => {
    const repeated = new URL(request.url);
    repeated.searchParams.append("state", "second");
    const answer = await fetch(repeated, { headers: { cookie: person.cookie }, redirect: "manual" });
    expect(answer.status).toBe(400);
    expect(answer.headers.get("location")).toBeNull();
  });
});

describe("POST /oauth/authorize (the consent form)", () => {
  async function consentForm(): Promise<URLSearchParams> {
    const page = await fetch(request.url, { headers: { cookie: person.cookie } });
    return new URLSearchParams({ ...hiddenFields(await page.text()), decision: "approve", workspaceId: person.workspaceId, tools: "all" });
  }

  it("refuses a form posted from another site, or without the session's token, and redirects nowhere", async () => {
    const form = await consentForm();
    const foreign = await postConsent(form, { cookie: person.cookie, origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    form.delete("csrf");
    const tokenless = await postConsent(form, { cookie: person.cookie, origin: server.current.url });
    expect(tokenless.status).toBe(403);
    expect([foreign, tokenless].map((answer) => answer.headers.get("location"))).toEqual([null, null]);
  });

  it("asks again when only chosen categories are granted but none is checked", async () => {
    const form = await consentForm();
    form.set("tools", "chosen");
    const answer = await postConsent(form, { cookie: person.cookie, origin: server.current.url });
    expect(answer.status).toBe(422);
    expect(await answer.text()).toContain("Choose at least one category");
  });

  it("grants only the categories chosen: the grant's key is refused the others' tools", async () => {
    const own = await authorizationRequest(as, client, REDIRECT);
    const tokens = await exchange(as, client, own, await answerConsent(own, person, { decision: "approve", categories: ["encoding"] }));
    const call = async (name: string, args: Record<string, unknown>) =>
      (await (await postMcp(server.current.url, callMessage(name, args), { authorization: `Bearer ${tokens.access_token}` })).json()) as { result?: { isError?: boolean; structuredContent?: unknown } };
    // RFC 4648 §10: BASE64("foobar") = "Zm9vYmFy"
    expect((await call("base64-encode", { text: "foobar" })).result?.structuredContent).toEqual({ base64: "Zm9vYmFy" });
    const refused = (await call("hash-text", { algorithm: "md5", text: "" })).result;
    expect(refused?.isError).toBe(true);
    expect(JSON.stringify(refused)).toContain("forbidden_tool");
  });
});
