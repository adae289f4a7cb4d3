import { GRANULARITIES, LATENCY_BOUNDS_MS, RETENTION_MS, UNKNOWN_TOOL } from "../../../domain/usage.ts";
import { headersOf, ref, successOf } from "./components.ts";
import type { OpenApiSchema } from "./json-schema-to-openapi.ts";
import type { Operation } from "./operation.ts";
import { errorResponses } from "./responses.ts";

/** The usage routes of shared/contract.md "Usage and metrics"; their handlers live in ../routes/usage.ts. */

const count = { type: "integer", format: "int64", minimum: 0 };
const timestamp = { type: "string", format: "date-time", maxLength: 64 };
const idText = (description: string) => ({ type: "string", minLength: 1, maxLength: 128, description });
const object = (required: string[], properties: Record<string, unknown>): OpenApiSchema => ({ type: "object", required, additionalProperties: false, properties });
const days = (ms: number) => ms / 86_400_000;
const percentile = (q: string) => ({ type: "number", format: "double", minimum: 0, nullable: true, description: `The ${q} latency in ms; null without calls.` });

/** The counters every total, bucket, tool and key row carries. */
const COUNTS: Record<string, unknown> = {
  calls: count,
  success: { ...count, description: "2xx answers." },
  clientError: { ...count, description: "4xx answers other than 429." },
  rateLimited: { ...count, description: "429 answers." },
  serverError: { ...count, description: "5xx answers, 503 and 504 included." },
  latencyMs: object(["p50", "p95", "p99"], { p50: percentile("median"), p95: percentile("95th percentile"), p99: percentile("99th percentile") }),
  errorCodes: { type: "object", description: "Calls per `error_code` (every answer that was not a success).", additionalProperties: count },
};
const COUNT_NAMES = Object.keys(COUNTS);

const REPORT: Record<string, unknown> = {
  from: { ...timestamp, description: "The first bucket's start: `from` aligned down to the granularity, or `retainedFrom` when older." },
  to: { ...timestamp, description: "The end of the range (exclusive): `to`, or now when later." },
  granularity: { type: "string", enum: [...GRANULARITIES] },
  retainedFrom: { ...timestamp, description: "The oldest instant this answer could include: older buckets of this granularity are no longer kept." },
  totals: ref("schemas", "UsageCounts"),
  series: { type: "array", maxItems: 3000, items: ref("schemas", "UsageBucket"), description: "One entry per bucket, oldest first, empty buckets included." },
  tools: { type: "array", maxItems: 10_000, items: ref("schemas", "ToolUsage"), description: "Per tool, most calls first." },
};

/** The usage answers' schemas. */
export function usageSchemas(): Record<string, OpenApiSchema> {
  return {
    UsageCounts: object(COUNT_NAMES, COUNTS),
    UsageBucket: object(["at", ...COUNT_NAMES], { at: { ...timestamp, description: "The bucket's start." }, ...COUNTS }),
    ToolUsage: object(["toolId", ...COUNT_NAMES], { toolId: idText(`The tool id as called; \`${UNKNOWN_TOOL}\` for calls naming no tool.`), ...COUNTS }),
    KeyUsage: object(["keyId", "name", ...COUNT_NAMES], { keyId: idText("The key id."), name: { type: "string", maxLength: 64, nullable: true }, ...COUNTS }),
    KeyUsageReport: object(["keyId", ...Object.keys(REPORT)], { keyId: idText("The calling key."), ...REPORT }),
    WorkspaceUsageReport: object(["workspaceId", ...Object.keys(REPORT), "keys"], {
      workspaceId: idText("The workspace."),
      ...REPORT,
      keys: { type: "array", maxItems: 10_000, items: ref("schemas", "KeyUsage"), description: "Per key with calls in the range, most calls first." },
    }),
  };
}

const query = (name: string, description: string, schema: Record<string, unknown>) => ({ name, in: "query", required: false, description, schema });
const RANGE = [
  query("from", "Start of the range: an ISO 8601 date, or date-time with a zone. Default: 24 h before `to`.", { type: "string", maxLength: 40, example: "2026-01-01T00:00:00Z" }),
  query("to", "End of the range (exclusive), as `from`. Default: now.", { type: "string", maxLength: 40, example: "2026-01-02T00:00:00Z" }),
  query("granularity", "Bucket size. Default: the finest still kept for the whole range.", { type: "string", enum: [...GRANULARITIES] }),
  query("tool", "Only this tool id.", { type: "string", maxLength: 128 }),
];

const DESCRIPTION = [
  "Every execute call (REST or MCP) that presented a valid key, counted by outcome with its latency (from arrival to answer)",
  `in the histogram buckets ≤ ${LATENCY_BOUNDS_MS.join(", ")} ms and more; percentiles are interpolated linearly inside the bucket the rank falls in`,
  "(as Prometheus' histogram_quantile), a rank in \"more\" reads 2500.",
  `Buckets are kept per minute for ${days(RETENTION_MS.minute) * 24} h, per hour for ${days(RETENTION_MS.hour)} days, per day for ${days(RETENTION_MS.day)} days;`,
  "a range reaching further answers what is kept (see `retainedFrom`). Counts reach this answer within 10 s.",
  "A bad `from`, `to` or `granularity` gets 422 `invalid_input` with `details`.",
].join(" ");

/** GET /usage (key) and GET /workspaces/{id}/usage (session). */
export function usageOperations(): Operation[] {
  const json = (schema: OpenApiSchema) => ({ "application/json": { schema } });
  return [
    {
      operationId: "getUsage",
      tags: ["Usage"],
      summary: "The calling key's usage",
      description: `${DESCRIPTION} Counts against the key's rate limit like any key route.`,
      parameters: RANGE,
      responses: {
        "200": { description: "The key's usage.", headers: headersOf({ metered: true }), content: json(successOf(object(["usage"], { usage: ref("schemas", "KeyUsageReport") }))) },
        ...errorResponses([401, 422, 429, 500, 503], { metered: true }),
      },
    },
    {
      operationId: "getWorkspaceUsage",
      tags: ["Usage"],
      summary: "A workspace's usage",
      description: `${DESCRIPTION} Every key of the workspace, per key and per tool; \`keyId\` and \`tool\` narrow it. Another account's workspace: 403 \`forbidden\`; an unknown one: 404.`,
      security: [{ SessionCookie: [] }],
      parameters: [
        { name: "id", in: "path", required: true, description: "The workspace id.", schema: { type: "string", minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" } },
        ...RANGE,
        query("keyId", "Only this key.", { type: "string", maxLength: 128 }),
      ],
      responses: {
        "200": { description: "The workspace's usage.", headers: headersOf({ metered: false }), content: json(successOf(object(["usage"], { usage: ref("schemas", "WorkspaceUsageReport") }))) },
        ...errorResponses([401, 403, 404, 422, 500, 503], { metered: false }),
      },
    },
  ];
}
