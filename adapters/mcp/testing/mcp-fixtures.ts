import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

/** The SDK's own client over Streamable HTTP, sending `headers` (the key) on every request. */
export async function connectHttp(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: "mcp-acceptance", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers } }));
  return client;
}

/** One raw JSON-RPC POST to /mcp, as a client without the SDK sends it. */
export function postMcp(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${url}/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export const initializeMessage = {
  jsonrpc: "2.0", id: 1, method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1.0.0" } },
};

export const callMessage = (name: string, args: Record<string, unknown>, id = 2) =>
  ({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });

/** Signs up over the session API and enables `packIds` for the new account's workspace; returns the workspace id. */
export async function workspaceWithPacks(url: string, email: string, packIds: readonly string[]): Promise<string> {
  const signUp = await fetch(`${url}/api/v1/auth/sign-up`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: "correct horse battery" }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
  const { csrfToken } = (await signUp.json()).data;
  const session = (await (await fetch(`${url}/api/v1/auth/session`, { headers: { cookie } })).json()).data;
  for (const packId of packIds) {
    const enabled = await fetch(`${url}/api/v1/workspaces/${session.workspace.id}/packs/${packId}`, { method: "POST", headers: { cookie, "x-csrf-token": csrfToken } });
    if (enabled.status !== 200) throw new Error(`enable ${packId}: ${enabled.status} ${await enabled.text()}`);
  }
  return session.workspace.id;
}
