import { describe, expect, it } from "vitest";
import { hashText } from "../../tools/crypto/hash-text.ts";
import { tools } from "../../tools/index.ts";
import { buildOpenApiDocument } from "./build-openapi.ts";

describe("the documented 422 answer", () => {
  const document = buildOpenApiDocument({ tools }) as unknown as { components: { responses: Record<string, { content: Record<string, { example: { details: { path: string; message: string }[] } }> }> } };

  it.each(["InvalidInput", "InvalidInputWithRateLimit"])("%s's example names the values an enum allows, as the server says them", (name) => {
    const details = document.components.responses[name].content["application/json"].example.details;
    const algorithm = details.find((detail) => detail.path === "/input/algorithm");
    for (const value of (hashText.input.properties as { algorithm: { enum: string[] } }).algorithm.enum) expect(algorithm?.message).toContain(value);
    expect(details.find((detail) => detail.path === "/input/text")?.message).toMatch(/string/);
  });
});
