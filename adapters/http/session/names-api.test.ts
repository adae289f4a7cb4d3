import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { H3 } from "h3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { escapeDisplayName } from "../../../domain/display-name.ts";
import { loadConfig } from "../../config.ts";
import { TOKENS } from "../../container.ts";
import { createLogger } from "../../logger.ts";
import { type RunningServer, startServer } from "../../server.ts";
import { FormClient } from "../dashboard/testing/form-client.ts";
import { call, type Client, signUp } from "./testing.ts";

const CONTROL = "must not contain control or bidirectional-override characters";
// Each refused name with the detail the API must answer, positions counted by hand (1-based code points).
const REFUSED: readonly (readonly [string, string])[] = [
  ["\u001b[2J\u001b[31mRED", `${CONTROL} (found U+001B at 1)`],
  ["line1\nline2", `${CONTROL} (found U+000A at 6)`],
  ["nul\u0000", `${CONTROL} (found U+0000 at 4)`],
  ["csi\u009b2J", `${CONTROL} (found U+009B at 4)`],
  ["gnp\u202e.exe", `${CONTROL} (found U+202E at 4)`],
  ["a\u2067b", `${CONTROL} (found U+2067 at 2)`],
  ["😀\u200f", `${CONTROL} (found U+200F at 2)`],
  ["lone\ud800", "must be well-formed Unicode: no lone surrogates (found U+D800 at 5)"],
];
// Titles show the names escaped, so the test report itself stays one visible line per test.
const REFUSED_CASES = REFUSED.map(([name, message]) => [escapeDisplayName(name), name, message] as const);
const ACCEPTED = ["مفتاح الإنتاج", "שלום", "family 👨‍👩‍👧", "Ünïcödé"];

let server: RunningServer;
let dir: string;
let ada: Client;
/** The session API's test helpers, over a real socket instead of app.request. */
let remote: H3;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "names-api-"));
  const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dir, LOG_LEVEL: "silent" });
  if (!config.ok) throw new Error(config.error.join("; "));
  server = await startServer(config.value, { logger: createLogger("silent"), tools: [] });
  remote = { request: (path: string, init: RequestInit) => fetch(new URL(path, server.url), { ...init, redirect: "manual" }) } as unknown as H3;
  ada = await signUp(remote, "ada@example.com");
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function expectRefused(response: Response, message: string): Promise<void> {
  expect(response.status).toBe(422);
  expect(await response.json()).toMatchObject({ status: "error", error_code: "invalid_input", details: [{ path: "/name", message }] });
}

async function newKey(name = "ci"): Promise<string> {
  const result = await server.container.get(TOKENS.createWorkspaceKey).execute({ accountId: ada.accountId, workspaceId: ada.workspaceId, name, env: "development" });
  if (!result.ok) throw new Error(result.error.message);
  return result.value.key.id;
}

const workspaceNames = async () =>
  ((await (await call(remote, "GET", "/api/v1/workspaces", { client: ada })).json()).data.workspaces as { name: string }[]).map((w) => w.name);
const keyName = async (id: string) =>
  ((await (await call(remote, "GET", `/api/v1/workspaces/${ada.workspaceId}/keys`, { client: ada })).json()).data.keys as { id: string; name: string }[])
    .find((k) => k.id === id)?.name;

describe("names over the session API, on a real server", () => {
  it.each(REFUSED_CASES)("POST /workspaces refuses %s: 422 invalid_input, nothing created", async (_shown, name, message) => {
    const before = await workspaceNames();
    await expectRefused(await call(remote, "POST", "/api/v1/workspaces", { client: ada, body: { name } }), message);
    expect(await workspaceNames()).toEqual(before);
  });

  it.each(REFUSED_CASES)("PATCH /workspaces/{id} refuses %s: 422 invalid_input, name kept", async (_shown, name, message) => {
    const before = await workspaceNames();
    await expectRefused(await call(remote, "PATCH", `/api/v1/workspaces/${ada.workspaceId}`, { client: ada, body: { name } }), message);
    expect(await workspaceNames()).toEqual(before);
  });

  it.each(REFUSED_CASES)("PATCH /workspaces/{id}/keys/{keyId} refuses %s: 422 invalid_input, name kept", async (_shown, name, message) => {
    const id = await newKey("steady");
    await expectRefused(await call(remote, "PATCH", `/api/v1/workspaces/${ada.workspaceId}/keys/${id}`, { client: ada, body: { name, limit: 5 } }), message);
    expect(await keyName(id)).toBe("steady");
  });

  it("accepts right-to-left scripts, emoji sequences and accents, in workspaces and keys", async () => {
    const id = await newKey();
    for (const name of ACCEPTED) {
      const created = await call(remote, "POST", "/api/v1/workspaces", { client: ada, body: { name } });
      expect(created.status).toBe(201);
      expect((await created.json()).data.workspace.name).toBe(name);
      const renamed = await call(remote, "PATCH", `/api/v1/workspaces/${ada.workspaceId}/keys/${id}`, { client: ada, body: { name } });
      expect(renamed.status).toBe(200);
      expect(await keyName(id)).toBe(name);
    }
  });
});

describe("key names in the dashboard form, on a real server", () => {
  it("answers 422 with the form's error for a name with an escape, and creates no key", async () => {
    const bob = new FormClient(remote, server.url);
    await bob.signUp("bob@example.com");
    const refused = await bob.createKey("gnp\u202e.exe");
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("Must not contain control or bidirectional-override characters (found U+202E at 4)");
    const listed = await (await bob.get("/dashboard/keys")).text();
    expect(listed).not.toContain("gnp\u202e.exe");
    expect((await bob.createKey("gnp.exe")).status).toBe(303);
  });
});
