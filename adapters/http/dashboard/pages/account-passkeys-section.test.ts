import { describe, expect, it } from "vitest";
import type { Account } from "../../../../domain/account.ts";
import { passkeysSection } from "./account-passkeys-section.ts";

const account: Account = {
  id: "acct_1", email: "ada@example.com", passwordHash: "x", createdAt: Date.UTC(2026, 0, 1),
  passkeys: [{ id: "cred_1", name: "<Laptop>", publicKey: "pk", counter: 0, createdAt: Date.UTC(2026, 0, 2, 3, 4), lastUsedAt: undefined }],
};
const render = (publicOrigin: string) => passkeysSection({ account, csrf: "tok.ws_1", publicOrigin }).__html;

describe("the Account page's passkeys section", () => {
  it("lists each passkey with a Delete form that needs no script, and offers Add to scripts only (saying so)", () => {
    const page = render("http://localhost:3000");
    expect(page).toContain("&lt;Laptop&gt;");
    expect(page).toContain('action="/dashboard/account/passkeys/cred_1/delete"');
    expect(page).toContain('name="csrf" value="tok.ws_1"');
    // The script calls the session API, which wants the session's CSRF token without the workspace binding.
    expect(page).toMatch(/data-passkey-add data-csrf="tok" hidden/);
    expect(page).toContain("<noscript>");
    expect(page).toContain('src="/dashboard/vendor/simplewebauthn-browser.umd.min.js"');
  });

  it("says to use localhost on the same port when the public URL is an IP address, and offers no Add", () => {
    const page = render("http://127.0.0.1:3000");
    expect(page).toContain("PUBLIC_URL=http://localhost:3000");
    expect(page).not.toContain("data-passkey-add");
    expect(page).toContain("/delete");
  });
});
