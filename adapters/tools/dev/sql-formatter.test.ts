import { describe, expect, it } from "vitest";
import { supportedDialects } from "sql-formatter";
import { SQL_DIALECTS, sqlFormatter } from "./sql-formatter.ts";
import { errorOf, outputOf } from "../testing/tool-harness.ts";

describe("sql-formatter", () => {
  it("offers exactly the dialects the pinned sql-formatter supports", () => {
    expect([...SQL_DIALECTS].sort()).toEqual([...supportedDialects].sort());
  });

  it("refuses SQL it cannot parse", async () => {
    expect((await errorOf(sqlFormatter, { sql: "SELECT 'unterminated" })).code).toBe("invalid_input");
  });

  it("refuses an unknown dialect through the schema", async () => {
    expect((await errorOf(sqlFormatter, { sql: "SELECT 1", language: "cobol" })).code).toBe("invalid_input");
  });

  it("lowercases keywords without touching identifiers", async () => {
    expect((await outputOf(sqlFormatter, { sql: "SELECT Name FROM Users", keywordCase: "lower" })).formatted).toBe("select\n  Name\nfrom\n  Users");
  });
});

describe("sql-formatter bounds", () => {
  it("formats 64 nested parentheses and refuses 65, naming the bound", async () => {
    await outputOf(sqlFormatter, { sql: `SELECT ${"(".repeat(64)}1${")".repeat(64)}` });
    const error = await errorOf(sqlFormatter, { sql: `SELECT ${"(".repeat(65)}1${")".repeat(65)}` });
    expect(error.message).toBe("The SQL has nesting deeper than 64 levels (parentheses, CASE, BEGIN).");
  });

  it("refuses 60,000 nested parentheses at once (once 9.1 s on the event loop)", async () => {
    await errorOf(sqlFormatter, { sql: "(".repeat(60_000) + ")".repeat(60_000) });
  });

  it("formats 500 statements and refuses 501", async () => {
    const { formatted } = await outputOf(sqlFormatter, { sql: "SELECT 1;".repeat(500) });
    expect(formatted.split("SELECT")).toHaveLength(501);
    expect((await errorOf(sqlFormatter, { sql: "SELECT 1;".repeat(501) })).message).toBe("The SQL has more than 500 statements.");
  });

  it("accepts 10,000 tokens and refuses 10,001; quoted text and comments are one token or none", async () => {
    // SELECT + 4,999 × ("1", ",") + "1" = 10,000 tokens.
    await outputOf(sqlFormatter, { sql: `SELECT ${"1,".repeat(4_999)}1 -- ${"( ".repeat(5_000)}\n` });
    expect((await errorOf(sqlFormatter, { sql: `SELECT ${"1,".repeat(5_000)}1` })).message).toBe("The SQL has more than 10000 tokens.");
    await outputOf(sqlFormatter, { sql: `SELECT '${"( ".repeat(20_000)}'` });
  });
});
