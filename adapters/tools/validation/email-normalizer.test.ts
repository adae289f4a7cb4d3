import { describe, expect, it } from "vitest";
import { emailNormalizer } from "./email-normalizer.ts";
import { refusalOf } from "../testing/tool-harness.ts";

describe("email-normalizer", () => {
  it.each(["an invalid email address", "", "a@b"])("refuses %j with invalid_input", async (email) => {
    expect(await refusalOf(emailNormalizer, { email })).toBe("tool");
  });
});
