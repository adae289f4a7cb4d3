import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";

describe("MCP_ALLOWED_ORIGINS", () => {
  it("defaults to no origin and reads a comma-separated list of origins", () => {
    const none = loadConfig({});
    expect(none.ok && none.value.mcpAllowedOrigins).toEqual([]);
    const two = loadConfig({ MCP_ALLOWED_ORIGINS: "https://app.example.com, http://localhost:5173" });
    expect(two.ok && two.value.mcpAllowedOrigins).toEqual(["https://app.example.com", "http://localhost:5173"]);
  });

  it.each(["https://app.example.com/", "app.example.com", "https://app.example.com/path", "*"])("refuses %j, naming the variable", (raw) => {
    const loaded = loadConfig({ MCP_ALLOWED_ORIGINS: raw });
    expect(loaded.ok).toBe(false);
    expect(!loaded.ok && loaded.error.join("\n")).toMatch(/^MCP_ALLOWED_ORIGINS=/m);
  });
});
