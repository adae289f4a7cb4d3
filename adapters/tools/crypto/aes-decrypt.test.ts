import { describe, expect, it } from "vitest";
import { toOpenApiSchema } from "../../http/openapi/json-schema-to-openapi.ts";
import { toJsonSchema } from "../../http/openapi/openapi-to-json-schema.ts";
import { createAjv } from "../ajv-schema-validator.ts";
import { aesDecrypt } from "./aes-decrypt.ts";
import { aesEncrypt } from "./aes-encrypt.ts";
import { errorOf, outputOf, refusalOf, toolErrorOf, zeroContext } from "../testing/tool-harness.ts";

const KEY = "2b7e151628aed2a6abf7158809cf4f3c";
const OTHER_KEY = "000102030405060708090a0b0c0d0e0f";
const GCM = { ciphertext: "YHITdDc3NbQyRvxHP2I=", key: KEY, mode: "gcm", iv: "cafebabefacedbaddecaf888", authTag: "c1f716626de7bf0867586ab6bba8ec93" };
const CBC = { ciphertext: "Axpe8OS8d1bszF4sQ48dbQ==", key: KEY, mode: "cbc", iv: "000102030405060708090a0b0c0d0e0f" };

const flipFirstByte = (base64: string) => {
  const bytes = Buffer.from(base64, "base64");
  bytes[0] ^= 1;
  return bytes.toString("base64");
};

describe("aes-decrypt", () => {
  it("answers one identical message for a bad tag, altered ciphertext, wrong AAD, bad padding and wrong key", async () => {
    const failures = [
      { ...GCM, authTag: `${GCM.authTag.slice(0, 31)}0` },
      { ...GCM, ciphertext: flipFirstByte(GCM.ciphertext) },
      { ...GCM, aad: "not the aad" },
      { ...GCM, key: OTHER_KEY },
      { ...CBC, key: OTHER_KEY },
      { ...CBC, ciphertext: flipFirstByte(CBC.ciphertext) },
      { ...CBC, ciphertext: Buffer.alloc(15).toString("base64") },
    ];
    const errors = await Promise.all(failures.map((input) => toolErrorOf(aesDecrypt, input, zeroContext)));
    expect(new Set(errors.map((error) => JSON.stringify(error))).size).toBe(1);
    expect(errors[0]).toMatchObject({ code: "invalid_input", details: [{ path: "/input/ciphertext" }] });
  });

  it("refuses bytes that decrypt but are not UTF-8 with that same message", async () => {
    const garbage = await toolErrorOf(aesDecrypt, { ...CBC, key: OTHER_KEY }, zeroContext);
    const { ciphertext } = await outputOf(aesEncrypt, { plaintext: "x", key: KEY, mode: "ctr", iv: CBC.iv }, zeroContext);
    const notUtf8 = Buffer.from(ciphertext, "base64");
    notUtf8[0] ^= "x".charCodeAt(0) ^ 0xff;
    const error = await toolErrorOf(aesDecrypt, { ciphertext: notUtf8.toString("base64"), key: KEY, mode: "ctr", iv: CBC.iv }, zeroContext);
    expect(error).toEqual(garbage);
  });

  it("needs the authTag for gcm and refuses one elsewhere (its schema says so)", async () => {
    const { authTag: _tag, ...noTag } = GCM;
    expect(await errorOf(aesDecrypt, noTag)).toMatchObject({ details: [{ path: "/input/authTag" }] });
    expect(await errorOf(aesDecrypt, { ...GCM, authTag: null })).toMatchObject({ details: [{ path: "/input/authTag" }] });
    expect(await errorOf(aesDecrypt, { ...CBC, authTag: GCM.authTag })).toMatchObject({ details: [{ path: "/input/authTag" }] });
  });

  it("documents what its schema enforces: the OpenAPI input schema refuses a null gcm tag and a cbc tag too", () => {
    const validate = createAjv().compile(toJsonSchema(toOpenApiSchema(aesDecrypt.input), {}));
    expect(validate({ ...GCM, authTag: null })).toBe(false);
    expect(validate({ ...CBC, authTag: GCM.authTag })).toBe(false);
    expect(validate(GCM)).toBe(true);
    expect(validate({ ...CBC, authTag: null })).toBe(true);
  });

  it("refuses malformed base64 with its own message", async () => {
    const error = await toolErrorOf(aesDecrypt, { ...CBC, ciphertext: "Axpe8OS8d1bszF4sQ48dbQ" }, zeroContext);
    expect(error.message).toMatch(/base64/);
  });

  it("refuses a truncated tag in the schema rather than accepting a weaker one", async () => {
    expect((await refusalOf(aesDecrypt, { ...GCM, authTag: GCM.authTag.slice(0, 24) })) === "schema").toBe(true);
  });
});
