// A dashboard form is bound to the workspace its page showed, and the one-time "No access" notice is spent only by a
// dashboard page: real HTTP against a real server (startServer on 127.0.0.1, embedded storage).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { createLogger } from "../../logger.ts";
import { type RunningServer, startServer } from "../../server.ts";
import { InlineToolRunner } from "../../tools/inline-tool-runner.ts";
import { csrfOf, FormClient } from "./testing/form-client.ts";

let dir: string;
let server: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "workspace-forms-"));
  const config = loadConfig({ HOST: "127.0.0.1", PORT: "0", DATA_DIR: dir, LOG_LEVEL: "silent" });
  if (!config.ok) throw new Error(config.error.join("; "));
  server = await startServer(config.value, { logger: createLogger("silent"), runner: new InlineToolRunner() });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

let accounts = 0;
/** A browser over real HTTP, signed up as a fresh account (one store serves every test here). */
async function browser(label: string): Promise<FormClient & { email: string }> {
  const requester = { request: (path: string, init?: RequestInit) => fetch(server.url + path, { ...init, redirect: "manual" }) };
  const client = new FormClient(requester as unknown as ConstructorParameters<typeof FormClient>[0], server.url);
  const email = `${label}-${++accounts}@example.com`;
  expect((await client.signUp(email)).status).toBe(303);
  return Object.assign(client, { email });
}

/** A JSON session-API call with the browser's cookie (and CSRF token from /auth/session on writes). */
async function json(client: FormClient, path: string): Promise<{ status: number; data: any }> {
  const response = await fetch(`${server.url}/api/v1${path}`, { headers: { cookie: client.cookieHeader } });
  return { status: response.status, data: (await response.json()).data };
}

const keyNames = async (client: FormClient, workspaceId: string): Promise<string[]> =>
  ((await json(client, `/workspaces/${workspaceId}/keys`)).data?.keys ?? []).map((key: { name: string }) => key.name);

/** Ada owns "Team" (her current workspace) and Bob has joined it through the dashboard: his session is in Team. */
async function team() {
  const ada = await browser("ada");
  expect((await ada.submit("/dashboard/workspaces", "/dashboard/workspaces", { name: "Team" })).status).toBe(303);
  const bob = await browser("bob");
  const invited = await ada.submit("/dashboard/members", "/dashboard/members/invite", { email: bob.email, role: "member" });
  const link = /data-accept-url>([^<]+)</.exec(await (await ada.get(invited.headers.get("location") ?? "")).text())?.[1] ?? "";
  const accept = new URL(link).pathname;
  expect((await bob.submit(accept, `${accept}/accept`, {})).headers.get("location")).toBe("/dashboard/keys?notice=joined");
  const teamId = (await json(bob, "/auth/session")).data.workspace.id as string;
  const personalId = ((await json(bob, "/workspaces")).data.workspaces as { id: string; personal: boolean }[]).find((one) => one.personal)?.id as string;
  const removeBob = async () => {
    const members = await (await ada.get("/dashboard/members")).text();
    const bobId = new RegExp(`data-member="${bob.email}">[\\s\\S]*?action="/dashboard/members/([^/]+)/remove"`).exec(members)?.[1] ?? "";
    expect((await ada.submit("/dashboard/members", `/dashboard/members/${bobId}/remove`, {})).headers.get("location")).toBe("/dashboard/members?notice=removed");
  };
  return { ada, bob, teamId, personalId, removeBob };
}

const keyForm = (csrf: string, name: string) => ({ csrf, name, env: "development", limit: "", window: "" });

describe("a dashboard form of a workspace the account was removed from", () => {
  it("is refused with a 403 page and creates nothing anywhere, even once a JSON call and a page have come between", async () => {
    const { ada, bob, teamId, personalId, removeBob } = await team();
    const teamForm = csrfOf(await (await bob.get("/dashboard/keys")).text());
    await removeBob();
    expect((await json(bob, "/auth/session")).data.workspace.id).toBe(personalId);
    expect((await bob.get("/dashboard/usage")).status).toBe(403); // the one-time notice, spent by this page
    expect(await (await bob.get("/dashboard/keys")).text()).toContain("<strong>Personal</strong>");
    const stale = await bob.post("/dashboard/keys", keyForm(teamForm, "after removal"));
    expect(stale.status).toBe(403);
    const page = await stale.text();
    expect(page).toContain("No access to this workspace");
    expect(page).toContain("nothing was changed");
    expect(await keyNames(ada, teamId)).toEqual([]);
    expect(await keyNames(bob, personalId)).toEqual([]);
    const fresh = await bob.post("/dashboard/keys", keyForm(csrfOf(await (await bob.get("/dashboard/keys")).text()), "in personal"));
    expect(fresh.status).toBe(303);
    expect(await keyNames(bob, personalId)).toEqual(["in personal"]);
  });
});

describe("the one-time \"No access\" notice", () => {
  it("is not spent by JSON calls: the next dashboard page shows it once, then the account's personal workspace", async () => {
    const { bob, teamId, personalId, removeBob } = await team();
    await removeBob();
    const session = await json(bob, "/auth/session");
    expect([session.status, session.data.workspace.id]).toEqual([200, personalId]);
    expect((await json(bob, "/workspaces")).data.workspaces.map((one: { id: string }) => one.id)).toEqual([personalId]);
    expect((await json(bob, `/workspaces/${teamId}/keys`)).status).toBe(403);
    const notice = await bob.get("/dashboard/keys");
    expect(notice.status).toBe(403);
    expect(await notice.text()).toContain("You are no longer a member of “Team”");
    const after = await bob.get("/dashboard/keys");
    expect(after.status).toBe(200);
    expect(await after.text()).toContain("<strong>Personal</strong>");
  });
});

describe("a dashboard form of a workspace the session has switched away from", () => {
  it("is refused with a 409 page and applied nowhere; forms that name their own workspace (switch) still go through", async () => {
    const ada = await browser("ada");
    expect((await ada.submit("/dashboard/workspaces", "/dashboard/workspaces", { name: "Team" })).status).toBe(303);
    const teamPage = await (await ada.get("/dashboard/keys")).text();
    const teamId = (await json(ada, "/auth/session")).data.workspace.id as string;
    const personalId = ((await json(ada, "/workspaces")).data.workspaces as { id: string; personal: boolean }[]).find((one) => one.personal)?.id as string;
    expect((await ada.submit("/dashboard/workspaces", "/dashboard/workspaces/switch", { workspaceId: personalId })).status).toBe(303);
    const stale = await ada.post("/dashboard/keys", keyForm(csrfOf(teamPage), "meant for Team"));
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("This form was for “Team”, but you are now working in “Personal”");
    expect([await keyNames(ada, teamId), await keyNames(ada, personalId)]).toEqual([[], []]);
    const switched = await ada.post("/dashboard/workspaces/switch", { csrf: csrfOf(teamPage), workspaceId: teamId });
    expect(switched.status).toBe(303);
    expect((await ada.post("/dashboard/keys", keyForm(csrfOf(teamPage), "meant for Team"))).status).toBe(303);
    expect([await keyNames(ada, teamId), await keyNames(ada, personalId)]).toEqual([["meant for Team"], []]);
  });
});
