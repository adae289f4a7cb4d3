import { describe, expect, it } from "vitest";
import { refusalOf } from "../web/test-support.ts";
import { emailNormalizer } from "./email-normalizer.ts";

describe("email-normalizer", () => {
  it.each(["an invalid email address", "", "a@b"])("refuses %j with invalid_input", async (email) => {
    expect(await refusalOf(emailNormalizer, { email })).toBe("invalid_input");
  });
});
