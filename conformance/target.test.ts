import { describe, expect, it } from "vitest";
import { bootedTarget } from "./testing/booted-target.ts";

describe("the server the suite boots for itself", () => {
  const target = bootedTarget();

  // On an IP address every passkey route answers 409, so the passkey cases would only ever check that refusal.
  it("has a domain in PUBLIC_URL, so the passkey cases check the ceremonies' own answers, not the IP address's 409", async () => {
    const options = await fetch(`${target().baseUrl}/api/v1/auth/passkeys/authentication-options`, { method: "POST" });
    expect(options.status).toBe(200);
    expect((await options.json()).data.options.rpId).toBe("localhost");
  });
});
