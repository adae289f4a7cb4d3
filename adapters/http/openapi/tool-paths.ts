import type { Operation } from "./operation.ts";
import type { AnyTool, ToolDefinition } from "../../../domain/tool.ts";
import { headersOf, ref, successOf } from "./components.ts";
import { type OpenApiSchema, toOpenApiSchema } from "./json-schema-to-openapi.ts";
import { errorResponses } from "./responses.ts";

/** "hash-text" → "HashText": the stem of a tool's component and operation names. */
export function toPascalCase(id: string): string {
  return id.split(/[^A-Za-z0-9]+/).filter(Boolean).map((word) => word[0].toUpperCase() + word.slice(1)).join("");
}

/** The statuses every execute route can answer besides 200. */
/** 403 is `forbidden_tool`: a scoped key calling a tool outside its scope (after auth and the rate limit). */
const EXECUTE_ERRORS = [400, 401, 403, 413, 415, 422, 429, 500, 503] as const;
const TOOL_ID = { type: "string", minLength: 1, maxLength: 64, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" };

/** Per server tool: its input and output (converted to OpenAPI 3.0), the request body and the success envelope. */
export function toolSchemas(tools: readonly ToolDefinition[]): Record<string, OpenApiSchema> {
  const schemas: Record<string, OpenApiSchema> = {};
  for (const tool of tools) {
    const name = toPascalCase(tool.id);
    schemas[`${name}Input`] = { ...toOpenApiSchema(tool.input), title: `${tool.name} input` };
    schemas[`${name}Output`] = { ...toOpenApiSchema(tool.output), title: `${tool.name} output` };
    schemas[`${name}Request`] = requestOf(ref("schemas", `${name}Input`));
    schemas[`${name}Result`] = successOf(outputOf(ref("schemas", `${name}Output`)));
  }
  schemas.ExecuteRequest = requestOf({ type: "object", description: "The tool's input; its schema is in `GET /tools/{slug}`." });
  schemas.ExecuteResult = successOf(outputOf({ type: "object", description: "The tool's output." }));
  return schemas;
}

/** The generic execute operation and its alias (their paths come from the route list). */
export function executeOperations(tools: readonly AnyTool[]): Operation[] {
  const sample = tools.find((tool): tool is ToolDefinition => !tool.clientOnly);
  return [
    genericExecute("executeTool", "tool", sample, "Run any tool by id."),
    genericExecute("executeToolBySlug", "slug", sample, "The same as `POST /execute/{tool}`."),
  ];
}

/**
 * One concrete path per server tool, with its typed input and output: documentation of the values the route
 * `POST /execute/{tool}` takes (they are served by that one route), so clients and generators get exact types.
 */
export function concreteExecutePaths(tools: readonly AnyTool[]): Record<string, unknown> {
  const server = tools.filter((tool): tool is ToolDefinition => !tool.clientOnly);
  return Object.fromEntries(server.map((tool) => [`/execute/${tool.id}`, { post: concreteExecute(tool) }]));
}

/** One tag per tool category, for the concrete execute paths. */
export function categoryTags(tools: readonly AnyTool[]): { name: string; description: string }[] {
  const categories = [...new Set(tools.filter((tool) => !tool.clientOnly).map((tool) => tool.category))];
  return categories.map((name) => ({ name, description: `Tools of the ${name} category, each with its typed input and output.` }));
}

function genericExecute(operationId: string, parameter: string, sample: ToolDefinition | undefined, summary: string): Operation {
  return {
    operationId,
    tags: ["Execute"],
    summary,
    description:
      "Runs a server tool on `input`. The key is checked first, then the rate limit, then the tool and the body, so a request without a valid key learns nothing else. " +
      "A client-only tool answers 400 `client_only_tool`; an unknown id 404 `tool_not_found`.",
    parameters: [{ name: parameter, in: "path", required: true, description: "The tool id.", schema: TOOL_ID, ...(sample ? { example: sample.id } : {}) }],
    requestBody: {
      required: true,
      content: { "application/json": { schema: ref("schemas", "ExecuteRequest"), ...(sample ? { example: { input: sample.examples[0].input } } : {}) } },
    },
    responses: {
      "200": { description: "The tool's output.", headers: headersOf({ metered: true }), content: { "application/json": { schema: ref("schemas", "ExecuteResult") } } },
      ...errorResponses([...EXECUTE_ERRORS, 404, 504], { metered: true }),
    },
  };
}

function concreteExecute(tool: ToolDefinition) {
  const name = toPascalCase(tool.id);
  const requestExamples = Object.fromEntries(
    tool.examples.map((example, index) => [`example${index + 1}`, { summary: example.title, value: { input: example.input } }]),
  );
  const resultExamples = Object.fromEntries(
    tool.examples.flatMap((example, index) =>
      example.output === undefined
        ? []
        : [[`example${index + 1}`, { summary: example.title, value: { status: "success", code: 200, data: { output: example.output } } }]],
    ),
  );
  const errors = tool.worker ? [...EXECUTE_ERRORS, 504] : [...EXECUTE_ERRORS];
  return {
    operationId: `execute${name}`,
    tags: [tool.category],
    summary: tool.name,
    description: `${tool.description}\n\nThe same as \`POST /execute/{tool}\` with tool \`${tool.id}\`, typed.`,
    requestBody: { required: true, content: { "application/json": { schema: ref("schemas", `${name}Request`), examples: requestExamples } } },
    responses: {
      "200": {
        description: `The output of ${tool.name}.`,
        headers: headersOf({ metered: true }),
        content: {
          "application/json": {
            schema: ref("schemas", `${name}Result`),
            ...(Object.keys(resultExamples).length > 0 ? { examples: resultExamples } : {}),
          },
        },
      },
      ...errorResponses(errors, { metered: true }),
    },
  };
}

function requestOf(input: OpenApiSchema): OpenApiSchema {
  return { type: "object", required: ["input"], properties: { input } };
}

function outputOf(output: OpenApiSchema): OpenApiSchema {
  return { type: "object", required: ["output"], additionalProperties: false, properties: { output } };
}
