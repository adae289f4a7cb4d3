import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { H3 } from "h3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FormClient } from "../http/dashboard/testing/form-client.ts";
import { freshEmail } from "../testing/fresh-email.ts";
import { createKeyWithCli, type ServerProcess, startServerProcess } from "../testing/process.ts";

const PACKS = "./examples/tool-pack,./adapters/packs/testing/looping-pack";
let dir: string;
let server: ServerProcess;

/** FormClient drives the real server over 127.0.0.1 instead of an in-process app. */
const browserOf = (url: string) =>
  new FormClient({ request: (path: string, init?: RequestInit) => fetch(url + path, { ...init, redirect: "manual" }) } as unknown as H3, url);

async function account(email: string) {
  const browser = browserOf(server.url);
  await browser.signUp(email);
  const session = (await (await fetch(`${server.url}/api/v1/auth/session`, { headers: { cookie: browser.cookieHeader } })).json()).data;
  const packs = (method: string, packId = "") =>
    fetch(`${server.url}/api/v1/workspaces/${session.workspace.id}/packs${packId ? `/${packId}` : ""}`, {
      method, headers: { cookie: browser.cookieHeader, "x-csrf-token": session.csrfToken },
    });
  const created = await browser.createKey("pack key");
  const page = await (await browser.get(created.headers.get("location") as string)).text();
  const secret = /tk_dev_[0-9A-Za-z]{38}/.exec(page)?.[0] as string;
  return { browser, session, packs, secret };
}

const execute = (secret: string, path: string, input: unknown) =>
  fetch(`${server.url}/api/v1${path}`, { method: "POST", headers: { "content-type": "application/json", "x-api-key": secret }, body: JSON.stringify({ input }) });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "packs-"));
  server = await startServerProcess({ DATA_DIR: dir, TOOL_PACKS: PACKS });
}, 30_000);
afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
  rmSync(dir, { recursive: true, force: true });
});

describe("tool packs on a real server (TOOL_PACKS=./examples/tool-pack)", () => {
  it("lists core first, then the installed packs; GET /tools stays the core catalog", async () => {
    const packs = (await (await fetch(`${server.url}/api/v1/marketplace/packs`)).json()).data.packs;
    expect(packs.map((p: { id: string }) => p.id)).toEqual(["core", "example", "looping"]);
    expect(packs[0].builtIn).toBe(true);
    expect(packs[1].tools).toEqual(["example.reverse-text", "example.word-count"]);
    const one = (await (await fetch(`${server.url}/api/v1/marketplace/packs/example`)).json()).data.pack;
    expect(one.tools[0]).toMatchObject({ id: "example.reverse-text", examples: [{ input: { text: "abc" }, output: { text: "cba" } }, expect.anything()] });
    expect((await fetch(`${server.url}/api/v1/marketplace/packs/nope`)).status).toBe(404);
    const tools = (await (await fetch(`${server.url}/api/v1/tools`)).json()).data.tools as { id: string }[];
    expect(tools).toHaveLength(109);
    expect(tools.some((tool) => tool.id.includes("."))).toBe(false);
  });

  it("runs a pack tool only for keys of workspaces that enabled it, and a disable applies at once", async () => {
    const ada = await account(freshEmail("ada"));
    const bob = await account(freshEmail("bob"));
    const cli = await createKeyWithCli({ DATA_DIR: dir });
    expect((await (await ada.packs("GET")).json()).data.packs).toEqual(["core"]);
    expect((await (await ada.packs("POST", "example")).json()).data.packs).toEqual(["core", "example"]);
    for (const path of ["/execute/example.reverse-text", "/tools/example.reverse-text/execute"]) {
      const response = await execute(ada.secret, path, { text: "a😀b" });
      expect(await response.json()).toEqual({ status: "success", code: 200, data: { output: { text: "b😀a" } } });
    }
    // A CLI key made for ada's workspace follows that workspace's packs.
    const cliOfAda = await createKeyWithCli({ DATA_DIR: dir }, ["--workspace", ada.session.workspace.id]);
    expect((await execute(cliOfAda.secret, "/execute/example.word-count", { text: "a b" })).status).toBe(200);
    for (const secret of [bob.secret, cli.secret]) {
      const refused = await execute(secret, "/execute/example.reverse-text", { text: "x" });
      expect(refused.status).toBe(403);
      expect((await refused.json()).error_code).toBe("pack_not_enabled");
    }
    expect((await execute(cli.secret, "/execute/hash-text", { text: "x", algorithm: "sha256" })).status).toBe(200);
    expect((await ada.packs("POST", "nope")).status).toBe(404);
    const intruder = await fetch(`${server.url}/api/v1/workspaces/${ada.session.workspace.id}/packs/example`, {
      method: "DELETE", headers: { cookie: bob.browser.cookieHeader, "x-csrf-token": bob.session.csrfToken },
    });
    expect(intruder.status).toBe(403);
    expect((await intruder.json()).error_code).toBe("forbidden");
    expect((await ada.packs("DELETE", "core")).status).toBe(422);
    expect((await fetch(`${server.url}/api/v1/workspaces/${ada.session.workspace.id}/packs/example`, { method: "DELETE", headers: { cookie: ada.browser.cookieHeader } })).status).toBe(403);
    expect((await (await ada.packs("DELETE", "example")).json()).data.packs).toEqual(["core"]);
    expect((await execute(ada.secret, "/execute/example.reverse-text", { text: "x" })).status).toBe(403);
    expect((await execute(cliOfAda.secret, "/execute/example.word-count", { text: "x" })).status).toBe(403);
  }, 60_000);

  it("stops a pack tool that loops forever at its time cap and keeps serving", async () => {
    const ada = await account(freshEmail("cy"));
    await ada.packs("POST", "looping");
    const spin = await execute(ada.secret, "/execute/looping.spin", {});
    expect(spin.status).toBe(504);
    expect((await spin.json()).error_code).toBe("tool_timeout");
    expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
  }, 30_000);
});

describe("without TOOL_PACKS", () => {
  it("answers pack tools 404 tool_not_found, and a bad pack stops the start with exit 78 naming it", async () => {
    const plainDir = mkdtempSync(join(tmpdir(), "nopacks-"));
    const plain = await startServerProcess({ DATA_DIR: plainDir, TOOL_PACKS: "" });
    try {
      const cli = await createKeyWithCli({ DATA_DIR: plainDir });
      const response = await fetch(`${plain.url}/api/v1/execute/example.reverse-text`, { method: "POST", headers: { "content-type": "application/json", "x-api-key": cli.secret }, body: JSON.stringify({ input: { text: "x" } }) });
      expect(response.status).toBe(404);
      expect((await response.json()).error_code).toBe("tool_not_found");
    } finally {
      plain.child.kill("SIGTERM");
      await plain.exited;
      rmSync(plainDir, { recursive: true, force: true });
    }
    const bad = await startServerProcess({ DATA_DIR: plainDir, TOOL_PACKS: "./examples/tool-pack,./no-such-pack" }).catch((error: Error) => error.message);
    expect(bad).toMatch(/server exited with 78/);
    expect(bad).toMatch(/Tool pack "\.\/no-such-pack" cannot be installed/);
  }, 60_000);
});
