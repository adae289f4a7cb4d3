import { writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callMessage, postMcp } from "../../mcp/testing/mcp-fixtures.ts";
import { ScryptPasswordHasher } from "../../security/scrypt-password-hasher.ts";
import { TEST_SCRYPT_COST } from "../../testing/harness.ts";
import { useServerWithBrowser } from "../dashboard/testing/chromium.ts";
import { PASSWORD } from "../session/testing.ts";
import { type Person, signUpAt } from "./testing/oauth-client.ts";
import { MemoryOAuthProvider } from "./testing/memory-oauth-provider.ts";

const e2e = useServerWithBrowser({ dataDirPrefix: "oauth-e2e-", passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST) });
/** Where the consent page's screenshot goes, replaced by each run (kept for whoever reviews the page). */
const SHOT = join(tmpdir(), "oauth-consent-page.png");
const EMAIL = "agent-owner@example.test";
/** The client's loopback redirect URI (RFC 8252 §7.3): a real listener that keeps the query it is sent. */
let callback: { server: Server; url: string; received: Promise<URL> };

beforeAll(async () => {
  let receive: (url: URL) => void = () => {};
  const received = new Promise<URL>((resolve) => (receive = resolve));
  const server = createServer((request, response) => {
    receive(new URL(request.url ?? "/", "http://127.0.0.1"));
    response.end("You may close this window.");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  callback = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`, received };
});
afterAll(() => new Promise<void>((resolve) => callback.server.close(() => resolve())));

async function session(person: Person, method: string, path: string, body?: unknown) {
  const response = await fetch(`${e2e.server.url}${path}`, {
    method, headers: { cookie: person.cookie, "x-csrf-token": person.csrf, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data: Record<string, never> } };
}

/** The workspace's usage of one key, once the call has been recorded (usage is written after the answer). */
async function usageOf(person: Person, workspaceId: string, keyId: string): Promise<{ calls: number; success: number }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const usage = (await session(person, "GET", `/api/v1/workspaces/${workspaceId}/usage?keyId=${keyId}`)).body.data.usage as { keys: { keyId: string; calls: number; success: number }[] };
    const row = usage.keys.find((key) => key.keyId === keyId);
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no usage was recorded for ${keyId}`);
}

/** The person's part in Chromium: sign in, check and photograph the consent page, choose the workspace, Approve. */
async function approveInChromium(authorizationUrl: URL, workspaceId: string): Promise<URL> {
  const context = await e2e.browser.newContext({ viewport: { width: 1100, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(authorizationUrl.href);
    await page.waitForURL("**/dashboard/sign-in?next=*");
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`${e2e.server.url}/oauth/authorize?**`);
    await expect(page.locator("[data-client-name]").textContent()).resolves.toBe("E2E Agent");
    await expect(page.locator("[data-redirect-host]").textContent()).resolves.toBe(new URL(callback.url).host);
    const png = await page.screenshot({ fullPage: true });
    writeFileSync(SHOT, png);
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(png.length).toBeGreaterThan(1000);
    console.log(`screenshot: ${SHOT}`);
    await page.getByLabel("Workspace").selectOption(workspaceId);
    await page.getByRole("button", { name: "Approve" }).click();
    // Chromium blocks a form's redirect that the page's CSP form-action does not allow: this wait is where that shows.
    await page.waitForURL(`${callback.url}?**`, { timeout: 15_000 });
    return await callback.received;
  } finally {
    await context.close();
  }
}

describe("an MCP client connecting by OAuth from nothing but the server's URL", () => {
  it("discovers, registers, is approved in the browser, calls a tool counted under the grant's key, and is refused once that key is revoked", async () => {
    const person = await signUpAt(e2e.server.url, EMAIL);
    const team = await session(person, "POST", "/api/v1/workspaces", { name: "Agents" });
    expect(team.status).toBe(201);
    const teamId = (team.body.data.workspace as { id: string }).id;
    const provider = new MemoryOAuthProvider(callback.url, "E2E Agent");
    const mcpUrl = new URL(`${e2e.server.url}/mcp`);

    // 1. The SDK's client meets the 401, discovers, registers and hands the browser an authorization URL.
    const first = new Client({ name: "e2e-agent", version: "1.0.0" });
    await expect(first.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }))).rejects.toBeInstanceOf(UnauthorizedError);
    const authorizationUrl = provider.authorizationUrl();
    expect(provider.clientInformation()?.client_id).toBeTruthy();

    // 2. The browser: sign in, the consent page (screenshot), the team workspace, Approve.
    const redirect = await approveInChromium(authorizationUrl, teamId);
    expect(redirect.searchParams.get("state")).toBe(provider.sentState());
    const code = redirect.searchParams.get("code");
    expect(code).toBeTruthy();

    // 3. The code for tokens, then tools/list and tools/call over the SDK's transport.
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await transport.finishAuth(code ?? "");
    const client = new Client({ name: "e2e-agent", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain("hash-text");
    const result = await client.callTool({ name: "hash-text", arguments: { algorithm: "md5", text: "" } });
    // RFC 1321 appendix A.5: MD5 ("") = d41d8cd98f00b204e9800998ecf8427e
    expect(result.structuredContent).toEqual({ algorithm: "md5", digest: "d41d8cd98f00b204e9800998ecf8427e" });

    // 4. The grant is a key of the chosen workspace; the call is counted under it.
    const keys = (await session(person, "GET", `/api/v1/workspaces/${teamId}/keys`)).body.data.keys as { id: string; name: string }[];
    const grantKey = keys.find((key) => key.name === "MCP: E2E Agent");
    expect(grantKey).toBeDefined();
    expect(await usageOf(person, teamId, grantKey?.id ?? "")).toMatchObject({ calls: 1, success: 1 });

    // 5. Revoking that key ends the grant at once.
    const revoked = await session(person, "POST", `/api/v1/workspaces/${teamId}/keys/${grantKey?.id}/revoke`);
    expect(revoked.status).toBe(200);
    const accessToken = provider.tokens()?.access_token ?? "";
    expect((await postMcp(e2e.server.url, callMessage("hash-text", { algorithm: "md5", text: "" }), { authorization: `Bearer ${accessToken}` })).status).toBe(401);
    await expect(client.callTool({ name: "hash-text", arguments: { algorithm: "md5", text: "" } })).rejects.toThrow();
    await client.close();
  }, 120_000);
});
