import { ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";

/** RFC 7617 with charset="UTF-8": the user-pass is UTF-8 encoded before Base64. */
export const basicAuthGenerator = defineTool({
  id: "basic-auth-generator",
  name: "Basic Auth Generator",
  category: "web",
  description: "Build an HTTP Basic Authorization header (RFC 7617) from a username and password, encoded as UTF-8.",
  input: {
    type: "object",
    required: ["username", "password"],
    additionalProperties: false,
    properties: {
      // RFC 7617 §2: a user-id containing a colon cannot be represented.
      username: { type: "string", maxLength: 4096, pattern: "^[^:]*$" },
      password: { type: "string", maxLength: 4096 },
    },
  },
  output: {
    type: "object",
    required: ["token", "header"],
    additionalProperties: false,
    properties: { token: { type: "string" }, header: { type: "string" } },
  },
  examples: [
    {
      title: "Aladdin / open sesame (RFC 7617 §2)",
      source: "RFC 7617 §2 example",
      input: { username: "Aladdin", password: "open sesame" },
      output: { token: "QWxhZGRpbjpvcGVuIHNlc2FtZQ==", header: "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==" },
    },
    {
      title: "Non-ASCII password in UTF-8 (RFC 7617 §2.1)",
      source: "RFC 7617 §2.1 example (test / 123£ with charset=UTF-8)",
      input: { username: "test", password: "123£" },
      output: { token: "dGVzdDoxMjPCow==", header: "Basic dGVzdDoxMjPCow==" },
    },
  ],
  run: ({ username, password }: { username: string; password: string }) => {
    const token = Buffer.from(`${username}:${password}`, "utf8").toString("base64");
    return ok({ token, header: `Basic ${token}` });
  },
});
