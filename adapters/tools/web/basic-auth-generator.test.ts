import { describe, expect, it } from "vitest";
import { basicAuthGenerator } from "./basic-auth-generator.ts";
import { outputOf, runTool, SchemaRefusal } from "./test-support.ts";

describe("basic-auth-generator", () => {
  it("refuses a username containing a colon (RFC 7617 §2)", async () => {
    await expect(runTool(basicAuthGenerator, { username: "a:b", password: "x" })).rejects.toBeInstanceOf(SchemaRefusal);
  });

  it("allows an empty password and a colon inside the password", async () => {
    expect(await outputOf(basicAuthGenerator, { username: "user", password: "" })).toEqual({ token: "dXNlcjo=", header: "Basic dXNlcjo=" });
    const { token } = await outputOf(basicAuthGenerator, { username: "u", password: "p:w" });
    expect(Buffer.from(token, "base64").toString()).toBe("u:p:w");
  });
});
