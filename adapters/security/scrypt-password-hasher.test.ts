import { describe, expect, it } from "vitest";
import { DEFAULT_SCRYPT_COST, ScryptPasswordHasher } from "./scrypt-password-hasher.ts";

const hasher = new ScryptPasswordHasher({ logN: 10, r: 8, p: 1 });

describe("ScryptPasswordHasher", () => {
  it("verifies the password it hashed and refuses any other", async () => {
    const hash = await hasher.hash("correct horse battery");
    expect(hash).toMatch(/^scrypt\$10\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await hasher.verify("correct horse battery", hash)).toBe(true);
    expect(await hasher.verify("correct horse batterY", hash)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hasher.hash("same password!")).not.toBe(await hasher.hash("same password!"));
  });

  it("reads the cost from the stored hash, so raising the default keeps old hashes valid", async () => {
    const old = await hasher.hash("correct horse battery");
    expect(await new ScryptPasswordHasher().verify("correct horse battery", old)).toBe(true);
  });

  it("uses a memory-hard production cost that runs off the event loop", async () => {
    expect(2 ** DEFAULT_SCRYPT_COST.logN * 128 * DEFAULT_SCRYPT_COST.r).toBeGreaterThanOrEqual(32 * 1024 * 1024);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    await new ScryptPasswordHasher().hash("correct horse battery");
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
  });

  it.each(["", "bcrypt$2b$10$abc", "scrypt$30$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "scrypt$x$8$1$a$b"])(
    "answers false, without throwing, for the malformed hash %j",
    async (hash) => {
      expect(await hasher.verify("correct horse battery", hash)).toBe(false);
    },
  );
});
