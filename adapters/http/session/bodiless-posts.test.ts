// A POST whose fields are all optional (rotate) or that takes none (revoke, sign-out) may come with no body at all:
// on the wire, a request with neither Content-Length nor Transfer-Encoding has none (RFC 9112 §6.3), as `curl -X
// POST` sends it. Every such route reads it the same way; a body that is sent must still be JSON.
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { createLogger } from "../../logger.ts";
import { type RunningServer, startServer } from "../../server.ts";
import { InlineToolRunner } from "../../tools/inline-tool-runner.ts";
import { TOKENS } from "../../container.ts";
import { signUpFrom } from "../../testing/team-client.ts";

let server: RunningServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "bodiless-"));
  const config = loadConfig({ PORT: "0", DATA_DIR: dir, LOG_LEVEL: "silent", TRUST_PROXY: "loopback" });
  if (!config.ok) throw new Error(config.error.join("; "));
  server = await startServer(config.value, { logger: createLogger("silent"), runner: new InlineToolRunner() });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Sends one request of exactly these head lines (and body) on a fresh socket; the status code answered. */
function rawStatus(path: string, lines: readonly string[], body = ""): Promise<number> {
  const { hostname, port } = new URL(server.url);
  const head = [`POST ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, "Connection: close", ...lines].join("\r\n");
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(`${head}\r\n\r\n${body}`));
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (text += chunk));
    socket.on("end", () => resolve(Number(/^HTTP\/1\.1 (\d{3}) /.exec(text)?.[1])));
    socket.on("error", reject);
  });
}

describe("a POST that needs no body, sent with none", () => {
  it("rotate and revoke answer 200 with no Content-Length, no Transfer-Encoding and no Content-Type, or Content-Length: 0; a body sent as text is 415", async () => {
    const ada = await signUpFrom(server.url, "bodiless@example.com");
    const keys = `/api/v1/workspaces/${ada.workspaceId}/keys`;
    const session = [`Cookie: ${ada.cookie}`, `X-CSRF-Token: ${ada.csrf}`];
    const created = await server.container.get(TOKENS.createWorkspaceKey).execute({ accountId: ada.accountId, workspaceId: ada.workspaceId, name: "bodiless", env: "development" });
    if (!created.ok) throw new Error(created.error.message);
    const keyId = created.value.key.id;
    expect(await rawStatus(`${keys}/${keyId}/rotate`, session)).toBe(200);
    expect(await rawStatus(`${keys}/${keyId}/rotate`, [...session, "Content-Length: 0"])).toBe(200);
    expect(await rawStatus(`${keys}/${keyId}/rotate`, [...session, "Content-Type: text/plain", "Content-Length: 2"], "{}")).toBe(415);
    expect(await rawStatus(`${keys}/${keyId}/rotate`, [...session, "Content-Type: application/json", "Content-Length: 18"], '{"graceSeconds":0}')).toBe(200);
    expect(await rawStatus(`${keys}/${keyId}/revoke`, [...session, "Content-Type: text/plain", "Content-Length: 2"], "{}")).toBe(415);
    expect(await rawStatus(`${keys}/${keyId}/revoke`, session)).toBe(200);
  });
});

describe("a session-API body that is JSON but not an object", () => {
  it("is 400 invalid_request and changes nothing: a rotation sent [], 42, null or a string leaves the key as it was", async () => {
    const ada = await signUpFrom(server.url, "not-an-object@example.com");
    const workspace = `${server.url}/api/v1/workspaces/${ada.workspaceId}`;
    const created = await server.container.get(TOKENS.createWorkspaceKey).execute({ accountId: ada.accountId, workspaceId: ada.workspaceId, name: "kept", env: "development" });
    if (!created.ok) throw new Error(created.error.message);
    const headers = { cookie: ada.cookie, "x-csrf-token": ada.csrf, "content-type": "application/json" };
    for (const body of ["[]", "42", "null", '"graceSeconds"', "[{\"graceSeconds\":0}]"]) {
      const response = await fetch(`${workspace}/keys/${created.value.key.id}/rotate`, { method: "POST", headers, body });
      expect([response.status, await response.json()]).toEqual([400, { status: "error", code: 400, error_code: "invalid_request", message: "The request body must be a JSON object." }]);
    }
    const signUp = await fetch(`${server.url}/api/v1/auth/sign-up`, { method: "POST", headers: { "content-type": "application/json" }, body: "[]" });
    expect(signUp.status).toBe(400);
    const audit = await (await fetch(`${workspace}/audit`, { headers })).json();
    expect(audit.data.events.map((event: { type: string }) => event.type)).toEqual(["key.created"]);
    // The key still answers with the secret it was made with.
    const execute = await fetch(`${server.url}/api/v1/execute/hash-text`, {
      method: "POST", headers: { "content-type": "application/json", "x-api-key": created.value.secret }, body: JSON.stringify({ input: { algorithm: "md5", text: "" } }),
    });
    expect(execute.status).toBe(200);
  });
});
