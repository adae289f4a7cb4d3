import { ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { lazy } from "../lazy.ts";

const loadValidator = lazy(async () => (await import("validator")).default);

/** Syntax only (validator's isEmail defaults): no DNS or MX lookup, the service stays offline. */
export const emailValidator = defineTool({
  id: "email-validator",
  name: "Email Validator",
  category: "validation",
  description: "Check the syntax of an email address and split it into local part and domain. No DNS or MX lookup.",
  input: {
    type: "object",
    required: ["email"],
    additionalProperties: false,
    properties: { email: { type: "string", maxLength: 254 } },
  },
  output: {
    type: "object",
    required: ["valid", "localPart", "domain"],
    additionalProperties: false,
    properties: { valid: { type: "boolean" }, localPart: { type: ["string", "null"] }, domain: { type: ["string", "null"] } },
  },
  examples: [
    {
      title: "A plain address",
      source: "validator.js test suite, isEmail valid list ('foo@bar.com')",
      input: { email: "foo@bar.com" },
      output: { valid: true, localPart: "foo", domain: "bar.com" },
    },
    {
      title: "A quoted local part",
      source: "validator.js test suite, isEmail valid list ('\"foobar\"@example.com'); RFC 5321 §4.1.2 quoted-string",
      input: { email: '"foobar"@example.com' },
      output: { valid: true, localPart: '"foobar"', domain: "example.com" },
    },
    {
      title: "Special characters allowed by RFC 3696",
      source: "RFC 3696 §3 ('customer/department=shipping@example.com' form); validator.js test suite valid list",
      input: { email: "user+mailbox/department=shipping@example.com" },
      output: { valid: true, localPart: "user+mailbox/department=shipping", domain: "example.com" },
    },
    {
      title: "Missing domain",
      source: "validator.js test suite, isEmail invalid list ('invalidemail@')",
      input: { email: "invalidemail@" },
      output: { valid: false, localPart: null, domain: null },
    },
    {
      title: "Trailing dot in the domain",
      source: "validator.js test suite, isEmail invalid list ('foo@bar.com.')",
      input: { email: "foo@bar.com." },
      output: { valid: false, localPart: null, domain: null },
    },
  ],
  run: async ({ email }: { email: string }) => {
    const validator = await loadValidator();
    if (!validator.isEmail(email)) return ok({ valid: false, localPart: null, domain: null });
    // A quoted local part may itself contain "@", so the domain starts after the last one.
    const at = email.lastIndexOf("@");
    return ok({ valid: true, localPart: email.slice(0, at), domain: email.slice(at + 1) });
  },
});
