import { describe, expect, it } from "vitest";
import { runToolError, runToolOk } from "../json/tool-harness.ts";
import { sqlFormatter } from "./sql-formatter.ts";

describe("sql-formatter", () => {
  it("refuses SQL it cannot parse", async () => {
    expect((await runToolError(sqlFormatter, { sql: "SELECT 'unterminated" })).code).toBe("invalid_input");
  });

  it("refuses an unknown dialect through the schema", async () => {
    expect((await runToolError(sqlFormatter, { sql: "SELECT 1", language: "cobol" })).code).toBe("invalid_input");
  });

  it("lowercases keywords without touching identifiers", async () => {
    expect((await runToolOk(sqlFormatter, { sql: "SELECT Name FROM Users", keywordCase: "lower" })).formatted).toBe("select\n  Name\nfrom\n  Users");
  });
});
