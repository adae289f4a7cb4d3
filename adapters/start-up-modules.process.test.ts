import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initializeMessage, postMcp } from "./mcp/testing/mcp-fixtures.ts";
import { createKeyWithCli, type ServerProcess, startServerProcess } from "./testing/process.ts";

/**
 * Libraries a start does not load: each serves a feature many requests never touch, and together they were a third
 * of the server's start (the MCP SDK with zod, @simplewebauthn/server with its ASN.1 packages, nodemailer). Each is
 * loaded by the first request that needs it.
 */
const DEFERRED = { mcp: "/node_modules/@modelcontextprotocol/sdk/", webauthn: "/node_modules/@simplewebauthn/server/", smtp: "/node_modules/nodemailer/" };

const dir = mkdtempSync(join(tmpdir(), "start-up-modules-"));
const trace = join(dir, "modules.txt");
const env = { DATA_DIR: join(dir, "data"), MODULE_TRACE_FILE: trace, PUBLIC_URL: "http://localhost:8080", SMTP_URL: "smtp://127.0.0.1:9" };
let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess(env, join(import.meta.dirname, "testing", "traced-main.ts"));
}, 120_000);

afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
  rmSync(dir, { recursive: true, force: true });
});

const loaded = (path: string) => readFileSync(trace, "utf8").split("\n").some((url) => url.includes(path));

describe("a server's start", () => {
  it("loads neither the MCP SDK, nor the WebAuthn library, nor nodemailer, though SMTP_URL is set", async () => {
    expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
    expect(loaded("/node_modules/h3/")).toBe(true);
    expect(Object.values(DEFERRED).filter(loaded)).toEqual([]);
  });

  it("loads the MCP SDK with the first MCP request, and the WebAuthn library with the first passkey ceremony", async () => {
    const key = await createKeyWithCli(env);
    const initialized = await postMcp(server.url, initializeMessage, { "x-api-key": key.secret });
    expect(initialized.status).toBe(200);
    expect((await initialized.json()).result.serverInfo.name).toBe("tool-execution-api");
    const options = await fetch(`${server.url}/api/v1/auth/passkeys/authentication-options`, { method: "POST" });
    expect(options.status).toBe(200);
    expect((await options.json()).data.options.rpId).toBe("localhost");
    expect([loaded(DEFERRED.mcp), loaded(DEFERRED.webauthn)]).toEqual([true, true]);
  }, 60_000);
});
