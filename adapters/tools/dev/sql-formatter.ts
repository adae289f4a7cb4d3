import type { SqlLanguage } from "sql-formatter";
import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { cappedOutput } from "../output-cap.ts";
import { sqlCostRefusal } from "./sql-limits.ts";
import { lazy } from "../lazy.ts";

const loadSqlFormatter = lazy(() => import("sql-formatter"));

/** sql-formatter's `supportedDialects` as pinned, written out so the schema needs no import (sql-formatter.test.ts compares). */
export const SQL_DIALECTS = [
  "bigquery", "clickhouse", "db2", "db2i", "duckdb", "hive", "mariadb", "mysql", "n1ql", "plsql", "postgresql", "redshift",
  "spark", "sqlite", "sql", "tidb", "trino", "transactsql", "tsql", "singlestoredb", "snowflake",
] as const;

/** Formats only: the SQL is tokenised and re-laid out, never executed. */
export const sqlFormatter = defineTool({
  id: "sql-formatter",
  name: "SQL Formatter",
  category: "dev",
  worker: true,
  description: "Pretty-print SQL in one of the sql-formatter dialects.",
  input: {
    type: "object",
    required: ["sql"],
    additionalProperties: false,
    properties: {
      sql: { type: "string", maxLength: 262_144, "x-tool-checks": "SQL the chosen language parses" },
      language: { type: "string", enum: SQL_DIALECTS, default: "sql" },
      keywordCase: { type: "string", enum: ["preserve", "upper", "lower"], default: "preserve" },
      tabWidth: { type: "integer", minimum: 1, maximum: 8, default: 2 },
    },
  },
  output: {
    type: "object",
    required: ["formatted"],
    additionalProperties: false,
    properties: { formatted: { type: "string" } },
  },
  examples: [
    {
      title: "The sql-formatter README example",
      source: "sql-formatter README, 'Usage': format('SELECT * FROM tbl', { language: 'mysql' })",
      input: { sql: "SELECT * FROM tbl", language: "mysql", keywordCase: "preserve", tabWidth: 2 },
      output: { formatted: "SELECT\n  *\nFROM\n  tbl" },
    },
    {
      title: "Uppercase keywords, four-space indentation",
      source: "Hand-derived from the layout in the sql-formatter docs (tabWidth.md, keywordCase.md): clause keywords on their own line, items indented one per line",
      input: { sql: "select id, name from users where id = 1", language: "postgresql", keywordCase: "upper", tabWidth: 4 },
      output: { formatted: "SELECT\n    id,\n    name\nFROM\n    users\nWHERE\n    id = 1" },
    },
  ],
  run: async (input: { sql: string; language: SqlLanguage; keywordCase: "preserve" | "upper" | "lower"; tabWidth: number }) => {
    const costly = sqlCostRefusal(input.sql, "sql");
    if (costly) return err(costly);
    try {
      const { sql, language, keywordCase, tabWidth } = input;
      const { format } = await loadSqlFormatter();
      const formatted = cappedOutput(format(sql, { language, keywordCase, tabWidth }), "sql");
      return formatted.ok ? ok({ formatted: formatted.value }) : formatted;
    } catch (error) {
      return err(invalidField("sql", `The SQL cannot be parsed: ${(error as Error).message.split("\n")[0]}`));
    }
  },
});
