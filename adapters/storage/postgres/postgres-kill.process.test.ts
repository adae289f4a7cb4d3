import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess } from "../../testing/process.ts";
import { createTestDatabase, findTestPostgres, type TestDatabase } from "./testing/postgres.ts";

const available = await findTestPostgres();
const PASSWORD = "correct horse battery staple";

/** POST a sign-up from its own address (behind the trusted loopback proxy): the per-address limit is not tested here. */
async function signUp(url: string, email: string, address: number): Promise<number> {
  const response = await fetch(`${url}/api/v1/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `198.18.${address >> 8}.${address & 255}` },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  await response.arrayBuffer();
  return response.status;
}

describe.skipIf(!available)("kill -9 of a server on PostgreSQL", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.drop());

  it("loses no acknowledged sign-up: after a restart every acknowledged email is taken and its account signs in", async () => {
    const env = { DATABASE_URL: database.url, TRUST_PROXY: "loopback", LOG_LEVEL: "warn" };
    const first = await startServerProcess(env);
    const acknowledged: string[] = [];
    let address = 0;
    let killed = false;
    // Sign-ups keep going, five at a time, until the kill lands among them.
    const load = (async () => {
      while (!killed) {
        await Promise.all(Array.from({ length: 5 }, async () => {
          const email = `kill-${++address}@example.com`;
          const status = await signUp(first.url, email, address).catch(() => 0);
          if (status === 201) acknowledged.push(email);
        }));
      }
    })();
    while (acknowledged.length < 10) await new Promise((resolve) => setTimeout(resolve, 20));
    first.child.kill("SIGKILL");
    killed = true;
    await first.exited;
    await load;
    const second = await startServerProcess(env);
    try {
      for (const email of acknowledged) expect(await signUp(second.url, email, ++address), email).toBe(409);
      const signIn = await fetch(`${second.url}/api/v1/auth/sign-in`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "198.19.0.1" },
        body: JSON.stringify({ email: acknowledged[0], password: PASSWORD }),
      });
      expect(signIn.status).toBe(200);
    } finally {
      second.child.kill("SIGKILL");
      await second.exited;
    }
  }, 180_000);
});
