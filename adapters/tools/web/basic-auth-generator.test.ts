import { describe, expect, it } from "vitest";
import { basicAuthGenerator } from "./basic-auth-generator.ts";
import { outputOf, refusalOf } from "../testing/tool-harness.ts";

describe("basic-auth-generator", () => {
  it("refuses a username containing a colon (RFC 7617 §2)", async () => {
    expect(await refusalOf(basicAuthGenerator, { username: "a:b", password: "x" })).toBe("schema");
  });

  it("allows an empty password and a colon inside the password", async () => {
    expect(await outputOf(basicAuthGenerator, { username: "user", password: "" })).toEqual({ token: "dXNlcjo=", header: "Basic dXNlcjo=" });
    const { token } = await outputOf(basicAuthGenerator, { username: "u", password: "p:w" });
    expect(Buffer.from(token, "base64").toString()).toBe("u:p:w");
  });
});
