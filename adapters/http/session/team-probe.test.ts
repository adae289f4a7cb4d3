import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { createLogger } from "../../logger.ts";
import { ScryptPasswordHasher } from "../../security/scrypt-password-hasher.ts";
import { type RunningServer, startServer } from "../../server.ts";
import { TEST_SCRYPT_COST } from "../../testing/harness.ts";
import { acceptOver, callOver, inviteConcurrently, inviteOver, signUpFrom, teamOver } from "../../testing/team-client.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";

// What a security probe of the team surfaces found, replayed on a real server on 127.0.0.1 (embedded LMDB store).
let server: RunningServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "team-probe-"));
  const config = loadConfig({ HOST: "127.0.0.1", PORT: "0", DATA_DIR: dir, LOG_LEVEL: "silent", TRUST_PROXY: "loopback" });
  if (!config.ok) throw new Error(config.error.join("; "));
  server = await startServer(config.value, { logger: createLogger("silent"), tools: [hashText], passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST) });
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const memberIds = async (client: Parameters<typeof callOver>[1], workspaceId: string) =>
  ((await callOver(server.url, client, "GET", `/workspaces/${workspaceId}/members`)).body.data?.members as { accountId: string }[]).map((found) => found.accountId);

describe("invitations over HTTP, on a real server (embedded store)", () => {
  it("an admin's invitation of a second address of their own as admin stops working once the admin is removed", async () => {
    const { workspaceId, owner, member: admin } = await teamOver([server.url], "removed", "admin");
    const alt = await signUpFrom(server.url, "removed-admin.alt@example.com");
    const { token } = await inviteOver(server.url, admin, workspaceId, alt.email, "admin");
    expect((await callOver(server.url, owner, "DELETE", `/workspaces/${workspaceId}/members/${admin.accountId}`)).status).toBe(200);
    expect(await acceptOver(server.url, alt, token)).toMatchObject({ status: 404, body: { error_code: "not_found" } });
    expect(await memberIds(owner, workspaceId)).not.toContain(alt.accountId);
  });

  it("an admin's admin invitation stops working once the admin is demoted to member", async () => {
    const { workspaceId, owner, member: admin } = await teamOver([server.url], "demoted", "admin");
    const alt = await signUpFrom(server.url, "demoted-admin.alt@example.com");
    const { token } = await inviteOver(server.url, admin, workspaceId, alt.email, "admin");
    expect((await callOver(server.url, owner, "PATCH", `/workspaces/${workspaceId}/members/${admin.accountId}`, { role: "member" })).status).toBe(200);
    expect(await acceptOver(server.url, alt, token)).toMatchObject({ status: 404, body: { error_code: "not_found" } });
    expect(await memberIds(owner, workspaceId)).not.toContain(alt.accountId);
  });

  it("creates exactly 100 of 110 concurrent invitations to one workspace and answers the other 10 with 409", async () => {
    const { workspaceId, owner } = await teamOver([server.url], "cap", "member");
    const statuses = await inviteConcurrently([server.url], owner, workspaceId, 110);
    expect(statuses.filter((status) => status === 201)).toHaveLength(100);
    expect(statuses.filter((status) => status === 409)).toHaveLength(10);
    const listed = await callOver(server.url, owner, "GET", `/workspaces/${workspaceId}/invitations`);
    expect(listed.body.data?.invitations).toHaveLength(100);
  }, 60_000);
});
