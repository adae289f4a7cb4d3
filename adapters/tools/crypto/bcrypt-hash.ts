import { encodeBase64, hash } from "bcryptjs";
import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool, type ToolContext } from "../../../domain/tool.ts";
import { COST_PATTERN, isAllowedBcryptCost, MAX_BCRYPT_COST, MIN_BCRYPT_COST, readBcryptCost } from "./bcrypt-cost.ts";

const MAX_PASSWORD_BYTES = 72;
const OPENWALL = "OpenWall crypt_blowfish wrapper.c test vectors (also python3 crypt.crypt via libxcrypt)";

interface BcryptHashInput {
  password: string;
  rounds: number;
  salt?: string;
}

export const bcryptHash = defineTool<Partial<BcryptHashInput>, { hash: string; rounds: number }>({
  id: "bcrypt-hash",
  name: "Bcrypt Hash",
  category: "crypto",
  description: "bcrypt hash of a password (cost 4–14); a fixed salt makes it reproducible, and its cost then wins.",
  worker: true,
  timeoutMs: 10_000,
  input: {
    type: "object",
    required: ["password"],
    additionalProperties: false,
    properties: {
      password: { type: "string", minLength: 1, maxLength: MAX_PASSWORD_BYTES, "x-tool-checks": "at most 72 bytes in UTF-8" },
      rounds: { type: "integer", minimum: MIN_BCRYPT_COST, maximum: MAX_BCRYPT_COST, default: 10 },
      salt: { type: "string", pattern: `^\\$2[aby]\\$${COST_PATTERN}\\$[./A-Za-z0-9]{22}$`, maxLength: 29, "x-tool-checks": "a salt bcrypt accepts" },
    },
  },
  output: {
    type: "object",
    required: ["hash", "rounds"],
    additionalProperties: false,
    properties: {
      hash: { type: "string", minLength: 60, maxLength: 60 },
      rounds: { type: "integer", minimum: MIN_BCRYPT_COST, maximum: MAX_BCRYPT_COST },
    },
  },
  examples: [
    {
      title: "OpenWall vector U*U",
      source: OPENWALL,
      input: { password: "U*U", salt: "$2a$05$CCCCCCCCCCCCCCCCCCCCC." },
      output: { hash: "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW", rounds: 5 },
    },
    {
      title: "OpenWall vector U*U*",
      source: OPENWALL,
      input: { password: "U*U*", salt: "$2a$05$CCCCCCCCCCCCCCCCCCCCC." },
      output: { hash: "$2a$05$CCCCCCCCCCCCCCCCCCCCC.VGOzA784oUp/Z0DY336zx7pLYAy0lwK", rounds: 5 },
    },
    {
      title: "OpenWall vector U*U*U",
      source: OPENWALL,
      input: { password: "U*U*U", salt: "$2a$05$XXXXXXXXXXXXXXXXXXXXXO" },
      output: { hash: "$2a$05$XXXXXXXXXXXXXXXXXXXXXOAcXxm9kjPGEMsLznoKqmqw7tc8WCx4a", rounds: 5 },
    },
    {
      title: "OpenWall vector with a password of exactly 72 bytes",
      source: `${OPENWALL}; the published password continues past byte 72, which bcrypt ignores`,
      input: {
        password: "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
        salt: "$2a$05$abcdefghijklmnopqrstuu",
      },
      output: { hash: "$2a$05$abcdefghijklmnopqrstuu5s2v8.iXieOjg/.AySBTTZIIVFJeBui", rounds: 5 },
    },
    {
      title: "A $2b$ salt: the cost comes from the salt, not from rounds",
      source: "independent: python3 crypt.crypt('correct horse battery staple', '$2b$04$abcdefghijklmnopqrstuu') (libxcrypt)",
      input: { password: "correct horse battery staple", rounds: 12, salt: "$2b$04$abcdefghijklmnopqrstuu" },
      output: { hash: "$2b$04$abcdefghijklmnopqrstuu7EJV7kdjBBQxyb0HjTh9KS7.Lah/6CG", rounds: 4 },
    },
    {
      title: "A non-ASCII password is hashed as UTF-8",
      source: "independent: python3 crypt.crypt('pässwörd', '$2b$06$0123456789ABCDEFGHIJKu') (libxcrypt)",
      input: { password: "pässwörd", salt: "$2b$06$0123456789ABCDEFGHIJKu" },
      output: { hash: "$2b$06$0123456789ABCDEFGHIJKu4I9nw.scBXL1b6MdO2RMJFUPlOexntK", rounds: 6 },
    },
    {
      title: "A random salt at cost 4 (output differs on every call)",
      input: { password: "correct horse battery staple", rounds: 4 },
    },
  ],
  run: async ({ password, rounds, salt }: BcryptHashInput, context: ToolContext) => {
    const bytes = Buffer.byteLength(password, "utf8");
    if (bytes > MAX_PASSWORD_BYTES) {
      return err(invalidField("password", `bcrypt reads at most ${MAX_PASSWORD_BYTES} UTF-8 bytes; this password has ${bytes}.`));
    }
    if (salt !== undefined && !isAllowedBcryptCost(readBcryptCost(salt))) {
      return err(invalidField("salt", `The salt's cost must be between ${MIN_BCRYPT_COST} and ${MAX_BCRYPT_COST}.`));
    }
    const setting = salt ?? randomSalt(rounds, context);
    try {
      return ok({ hash: await hash(password, setting), rounds: readBcryptCost(setting) });
    } catch (error) {
      return err(invalidField("salt", `bcrypt refused the salt: ${(error as Error).message}`));
    }
  },
});

/** A `$2b$` salt from 16 CSPRNG bytes; bcrypt salts are never seeded. */
function randomSalt(rounds: number, context: ToolContext): string {
  return `$2b$${String(rounds).padStart(2, "0")}$${encodeBase64(context.randomBytes(16), 16)}`;
}
