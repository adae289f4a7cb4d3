import { describe, expect, it } from "vitest";
import { ScryptPasswordHasher } from "../../security/scrypt-password-hasher.ts";
import { TEST_SCRYPT_COST } from "../../testing/harness.ts";
import { FormClient, type FormFields, overHttp } from "./testing/form-client.ts";
import { useRealServer } from "./testing/real-server.ts";

const PASSWORD = "correct horse battery staple";
const e2e = useRealServer({ dataDirPrefix: "key-scopes-", passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST) });

/** A person with a dashboard session on the real server, posting forms over HTTP as a browser does. */
async function signedIn(email: string): Promise<FormClient> {
  const person = new FormClient(overHttp(e2e.server.url), e2e.server.url);
  expect((await person.signUp(email, PASSWORD)).status).toBe(303);
  return person;
}

/** Posts the create form and follows its 303 to the one page that shows the secret. */
async function createAndReveal(person: FormClient, name: string, fields: FormFields): Promise<{ secret: string; page: string }> {
  const created = await person.createKey(name, fields);
  expect(created.status).toBe(303);
  const page = await (await person.get(created.headers.get("location") as string)).text();
  return { secret: (/data-secret>([^<]+)</.exec(page) as RegExpExecArray)[1], page };
}

async function api(path: string, secret: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(`${e2e.server.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "x-api-key": secret, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

const TEXT = { input: { text: "abc" } };

describe("POST /dashboard/keys with an expiry, tools and a limit (real HTTP)", () => {
  it("makes a key that GET /keys/current reports with them; its two tools answer 200 and a third tool 403 forbidden_tool", async () => {
    const ada = await signedIn("ada@example.com");
    const before = Date.now();
    const { secret, page } = await createAndReveal(ada, "two tools", { limit: "5", window: "60", expires: "30", tools: ["hash-text", "base64-encode"] });
    expect(page).toContain("Tools: hash-text, base64-encode");

    const current = await api("/api/v1/keys/current", secret);
    expect(current.status).toBe(200);
    const key = current.json.data.key;
    expect(key).toMatchObject({ limit: 5, windowSeconds: 60, scopes: { tools: ["hash-text", "base64-encode"], categories: [] } });
    const expiresAt = Date.parse(key.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * 86_400_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 30 * 86_400_000);

    expect((await api("/api/v1/execute/hash-text", secret, { input: { algorithm: "sha256", text: "abc" } })).status).toBe(200);
    expect((await api("/api/v1/execute/base64-encode", secret, TEXT)).status).toBe(200);
    const third = await api("/api/v1/execute/url-encode", secret, TEXT);
    expect(third.status).toBe(403);
    expect(third.json.error_code).toBe("forbidden_tool");

    const list = await (await ada.get("/dashboard/keys")).text();
    expect(list).toContain("5 / min");
    expect(list).toContain(">hash-text, base64-encode</span>");
    expect(list).toMatch(/data-expiry><time datetime="[^"]+"[^>]*>expires in (29|30) days</);
  });

  it("ends a key chosen to expire on a date at 00:00 UTC of that date, and lets a category's tools through", async () => {
    const bob = await signedIn("bob@example.com");
    const date = `${new Date().getUTCFullYear() + 1}-06-01`;
    const { secret } = await createAndReveal(bob, "dated", { expires: "date", expiresOn: date, categories: ["encoding"] });
    const key = (await api("/api/v1/keys/current", secret)).json.data.key;
    expect(key).toMatchObject({ expiresAt: `${date}T00:00:00.000Z`, scopes: { tools: [], categories: ["encoding"] } });
    expect((await api("/api/v1/execute/url-encode", secret, TEXT)).status).toBe(200);
    expect((await api("/api/v1/execute/hash-text", secret, { input: { algorithm: "sha256", text: "abc" } })).json.error_code).toBe("forbidden_tool");
  });

  it("refuses unknown tools and categories with 422, naming them beside their fields, the form as entered, and makes no key", async () => {
    const carol = await signedIn("carol@example.com");
    const refused = await carol.createKey("typo", { limit: "7", tools: ["hash-text", "no-such-tool"], categories: ["nope"] });
    expect(refused.status).toBe(422);
    const page = await refused.text();
    expect(page).toMatch(/id="key-tools-error">Unknown tool: no-such-tool\./);
    expect(page).toMatch(/id="key-categories-error">Unknown category: nope\./);
    expect(page).toContain('value="typo"');
    expect(page).toContain('value="7"');
    expect(page).toContain('value="hash-text" checked');
    expect(page).toContain("<details class=\"scope-picker\" data-scope-picker open>");
    expect(await (await carol.get("/dashboard/keys")).text()).toContain("No keys in this workspace yet");
  });

  it.each([
    ["a date in the past", { expires: "date", expiresOn: "2020-01-01" }, "Must be in the future and within 10 years."],
    ["“On a date…” without a date", { expires: "date", expiresOn: "" }, "Choose the date the key stops working."],
    ["a date beside another choice", { expires: "7", expiresOn: "2099-01-01" }, "Choose “On a date…” to use the date entered, or clear the date."],
  ])("refuses %s with 422 and the message beside the expiry field", async (_label, fields, message) => {
    const dan = await signedIn(`dan-${fields.expires}-${fields.expiresOn || "none"}@example.com`);
    const refused = await dan.createKey("dated", fields);
    expect(refused.status).toBe(422);
    const page = await refused.text();
    expect(page).toContain(`<span class="field-error" id="key-expires-error">${message}</span>`);
    expect(page).toContain(`<option value="${fields.expires}" selected>`);
  });
});
