import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuditEvent, auditPosition } from "../../../domain/audit.ts";
import { AUDIT_NAMESPACE, KeyvAuditLog } from "../keyv-audit-log.ts";
import { withSortedIndex } from "../sorted-index.ts";
import { migrate } from "./migrate.ts";
import { PgDatabase } from "./pg-database.ts";
import { createPgKeyv } from "./pg-keyv-store.ts";
import { PgSortedIndex } from "./pg-sorted-index.ts";
import { createTestDatabase, findTestPostgres, type TestDatabase } from "./testing/postgres.ts";

const available = await findTestPostgres();
const EVENTS = 20_000;

/** The real pool, remembering each statement it ran, so the test can ask PostgreSQL how it ran that very statement. */
class RecordingDatabase extends PgDatabase {
  readonly statements: { text: string; values: unknown[] }[] = [];

  override query<R extends pg.QueryResultRow = pg.QueryResultRow>(what: string, text: string, values: unknown[] = []): Promise<pg.QueryResult<R>> {
    this.statements.push({ text, values });
    return super.query<R>(what, text, values);
  }
}

interface PlanNode {
  "Node Type": string;
  "Actual Rows": number;
  "Actual Loops": number;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** `count` events of one workspace, one second apart. */
function manyEvents(count: number): AuditEvent[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `evt_${String(i).padStart(8, "0")}`,
    at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    type: "key.updated",
    actor: { accountId: "acct_00000001" },
    workspaceId: "ws_big",
    keyId: "key_00000001",
    changes: ["limit"],
  }));
}

describe.skipIf(!available)("an audit page on PostgreSQL", () => {
  let database: TestDatabase;
  let db: RecordingDatabase;
  const events = manyEvents(EVENTS);
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrate(database.url);
    db = new RecordingDatabase(database.url);
    // Loaded in one statement: the same rows sorted_put writes, without 20,000 round trips.
    await database.sql("INSERT INTO sorted_index SELECT $1, 'ws_big', member, value FROM unnest($2::text[], $3::text[]) AS t(member, value)",
      [AUDIT_NAMESPACE, events.map(auditPosition), events.map((event) => JSON.stringify(event))]);
    await database.sql("INSERT INTO sorted_sets VALUES ($1, 'ws_big', $2)", [AUDIT_NAMESPACE, EVENTS]);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it(`reads only the rows it returns (limit + 1) out of ${EVENTS.toLocaleString("en")}, on the first page and after a cursor`, async () => {
    const log = new KeyvAuditLog((name) => withSortedIndex(createPgKeyv<never>(db, name), new PgSortedIndex(db, name)));
    const limit = 50;
    const first = await log.page("ws_big", { limit });
    const second = await log.page("ws_big", { limit, before: first.next });
    expect(first.events.map((event) => event.id)).toEqual(events.slice(-limit).reverse().map((event) => event.id));
    expect(second.events.map((event) => event.id)).toEqual(events.slice(-2 * limit, -limit).reverse().map((event) => event.id));
    const pages = db.statements.filter((statement) => statement.text.includes("FROM sorted_index"));
    expect(pages).toHaveLength(2);
    for (const { text, values } of pages) {
      const explained = await database.sql(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values);
      const nodes = nodesOf((explained.rows[0]["QUERY PLAN"] as { Plan: PlanNode }[])[0].Plan);
      expect(nodes.some((node) => node["Node Type"].startsWith("Index"))).toBe(true);
      expect(Math.max(...nodes.map((node) => node["Actual Rows"] * node["Actual Loops"]))).toBeLessThanOrEqual(limit + 1);
    }
  });
});
