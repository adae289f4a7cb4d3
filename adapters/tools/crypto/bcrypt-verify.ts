import { compare } from "bcryptjs";
import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { COST_PATTERN, isAllowedBcryptCost, MAX_BCRYPT_COST, MIN_BCRYPT_COST, readBcryptCost } from "./bcrypt-cost.ts";

const OPENWALL = "OpenWall crypt_blowfish wrapper.c test vectors";

export const bcryptVerify = defineTool({
  id: "bcrypt-verify",
  name: "Bcrypt Verify",
  category: "crypto",
  description:
    "Check a password against a bcrypt hash (cost ≤ 14). Like every bcrypt, only the first 72 UTF-8 bytes of the password count.",
  worker: true,
  timeoutMs: 10_000,
  input: {
    type: "object",
    required: ["password", "hash"],
    additionalProperties: false,
    properties: {
      password: { type: "string", maxLength: 1024 },
      hash: { type: "string", pattern: `^\\$2[aby]\\$${COST_PATTERN}\\$[./A-Za-z0-9]{53}$`, minLength: 60, maxLength: 60, "x-tool-checks": "a hash bcrypt can read" },
    },
  },
  output: {
    type: "object",
    required: ["match", "rounds"],
    additionalProperties: false,
    properties: { match: { type: "boolean" }, rounds: { type: "integer", minimum: MIN_BCRYPT_COST, maximum: MAX_BCRYPT_COST } },
  },
  examples: [
    {
      title: "OpenWall vector U*U matches",
      source: OPENWALL,
      input: { password: "U*U", hash: "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW" },
      output: { match: true, rounds: 5 },
    },
    {
      title: "OpenWall vector for the empty password",
      source: OPENWALL,
      input: { password: "", hash: "$2a$05$CCCCCCCCCCCCCCCCCCCCC.7uG0VCzI2bS7j6ymqJi9CdcdxiRTWNy" },
      output: { match: true, rounds: 5 },
    },
    {
      title: "OpenWall vector: characters after byte 72 are ignored",
      source: OPENWALL,
      input: {
        password: "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789chars after 72 are ignored",
        hash: "$2a$05$abcdefghijklmnopqrstuu5s2v8.iXieOjg/.AySBTTZIIVFJeBui",
      },
      output: { match: true, rounds: 5 },
    },
    {
      title: "The $2y$ prefix of the same OpenWall hash also matches",
      source: "OpenWall vector U*U with the $2y$ prefix; independent: python3 crypt.crypt('U*U', '$2y$05$CCCCCCCCCCCCCCCCCCCCC.')",
      input: { password: "U*U", hash: "$2y$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW" },
      output: { match: true, rounds: 5 },
    },
    {
      title: "A wrong password does not match the OpenWall U*U* hash",
      source: `${OPENWALL} (U*U* hash, checked with U*U)`,
      input: { password: "U*U", hash: "$2a$05$CCCCCCCCCCCCCCCCCCCCC.VGOzA784oUp/Z0DY336zx7pLYAy0lwK" },
      output: { match: false, rounds: 5 },
    },
  ],
  run: async ({ password, hash }: { password: string; hash: string }) => {
    const rounds = readBcryptCost(hash);
    if (!isAllowedBcryptCost(rounds)) {
      return err(invalidField("hash", `The hash's cost must be between ${MIN_BCRYPT_COST} and ${MAX_BCRYPT_COST}; this one is ${rounds}.`));
    }
    try {
      return ok({ match: await compare(password, hash), rounds });
    } catch (error) {
      return err(invalidField("hash", `Not a usable bcrypt hash: ${(error as Error).message}`));
    }
  },
});
