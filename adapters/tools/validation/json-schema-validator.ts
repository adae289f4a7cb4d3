import { createHash } from "node:crypto";
import type { ErrorObject, ValidateFunction } from "ajv";
import type { Ajv2020 } from "ajv/dist/2020.js";
import * as formatsModule from "ajv-formats";
import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { lazy } from "../lazy.ts";

// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = ((formatsModule as any).default ?? formatsModule) as (ajv: Ajv2020) => Ajv2020;

const MAX_SCHEMA_BYTES = 65_536;
const CACHE_SIZE = 100;
const compiled = new Map<string, ValidateFunction>();

/**
 * The compiler, loaded on first use like every tool library (lazy.ts): ajv's draft 2020-12 build (≈ 10–15 ms of a start
 * on Node 20) and re2js. REDOS: user `pattern`s run on RE2 (linear time), never on V8's backtracking RegExp. ajv keys
 * compiled patterns by `toString()`, so each wrapper must print its own pattern or two patterns would share one regex;
 * ajv calls the engine synchronously, while compiling and validating. A fresh instance per schema keeps user `$id`s
 * from colliding; `loadSchema` stays unset, so a remote `$ref` fails (no SSRF).
 */
const loadCompiler = lazy(async () => {
  const [{ Ajv2020 }, { RE2JS }] = await Promise.all([import("ajv/dist/2020.js"), import("re2js")]);
  const regExp = Object.assign(
    (pattern: string) => {
      const regex = RE2JS.compile(pattern);
      return { test: (text: string) => regex.test(text), toString: () => `re2:${pattern}` };
    },
    { code: "re2js" },
  );
  return (schema: object): ValidateFunction => {
    const ajv = new Ajv2020({ allErrors: true, strict: false, logger: false, code: { regExp } });
    addFormats(ajv);
    return ajv.compile(schema);
  };
});
type Compile = Awaited<ReturnType<typeof loadCompiler>>;

/** Compilation generates code and is the costly step, so compiled validators are kept (LRU) by schema hash. */
function validatorFor(schema: object, text: string, compile: Compile): ValidateFunction {
  const key = createHash("sha256").update(text).digest("hex");
  let validate = compiled.get(key);
  if (validate) compiled.delete(key);
  else validate = compile(schema);
  compiled.set(key, validate);
  if (compiled.size > CACHE_SIZE) compiled.delete(compiled.keys().next().value as string);
  return validate;
}

const toError = ({ instancePath, keyword, message, params }: ErrorObject) => ({ instancePath, keyword, message: message ?? "", params });

export const jsonSchemaValidator = defineTool({
  id: "json-schema-validator",
  name: "JSON Schema Validator",
  category: "validation",
  description: "Validate a JSON value against a JSON Schema (draft 2020-12) and list every violation. Remote $refs are not fetched.",
  worker: true,
  timeoutMs: 10_000,
  input: {
    type: "object",
    required: ["schema", "data"],
    additionalProperties: false,
    properties: { schema: { type: "object" }, data: {} },
  },
  output: {
    type: "object",
    required: ["valid", "errors"],
    additionalProperties: false,
    properties: {
      valid: { type: "boolean" },
      errors: {
        type: "array",
        items: {
          type: "object",
          required: ["instancePath", "keyword", "message", "params"],
          additionalProperties: false,
          properties: { instancePath: { type: "string" }, keyword: { type: "string" }, message: { type: "string" }, params: { type: "object" } },
        },
      },
    },
  },
  examples: [
    {
      title: "A matching object",
      source: "python3 jsonschema.Draft202012Validator(...).is_valid(data) == True",
      input: {
        schema: { type: "object", properties: { name: { type: "string" }, age: { type: "integer", minimum: 0 } }, required: ["name"], "x-tool-checks": "a JSON Schema ajv can compile" },
        data: { name: "Ada", age: 36 },
      },
      output: { valid: true, errors: [] },
    },
    {
      title: "A float is not an integer",
      source: "JSON-Schema-Test-Suite draft2020-12 type.json ('a float is not an integer'); python3 jsonschema agrees; message and params as documented by ajv",
      input: { schema: { type: "integer" }, data: 1.1 },
      output: { valid: false, errors: [{ instancePath: "", keyword: "type", message: "must be integer", params: { type: "integer" } }] },
    },
    {
      title: "A missing required property",
      source: "JSON-Schema-Test-Suite draft2020-12 required.json ('present required property is invalid' case); python3 jsonschema agrees",
      input: { schema: { properties: { foo: {}, bar: {} }, required: ["foo"] }, data: { bar: 1 } },
      output: {
        valid: false,
        errors: [{ instancePath: "", keyword: "required", message: "must have required property 'foo'", params: { missingProperty: "foo" } }],
      },
    },
    {
      title: "Below the minimum",
      source: "JSON-Schema-Test-Suite draft2020-12 minimum.json ('below the minimum is invalid'); python3 jsonschema agrees",
      input: { schema: { minimum: 1.1 }, data: 0.6 },
      output: { valid: false, errors: [{ instancePath: "", keyword: "minimum", message: "must be >= 1.1", params: { comparison: ">=", limit: 1.1 } }] },
    },
    {
      title: "A pattern mismatch (patterns run on RE2)",
      source: "JSON-Schema-Test-Suite draft2020-12 pattern.json ('a non-matching pattern is invalid'); python3 jsonschema agrees",
      input: { schema: { pattern: "^a*$" }, data: "abc" },
      output: { valid: false, errors: [{ instancePath: "", keyword: "pattern", message: 'must match pattern "^a*$"', params: { pattern: "^a*$" } }] },
    },
    {
      title: "A nested format error points at the member",
      source: "python3 jsonschema with FormatChecker: path ['email'], validator 'format'",
      input: { schema: { type: "object", properties: { email: { type: "string", format: "email" } } }, data: { email: "not-an-email" } },
      output: { valid: false, errors: [{ instancePath: "/email", keyword: "format", message: 'must match format "email"', params: { format: "email" } }] },
    },
  ],
  run: async ({ schema, data }: { schema: object; data: unknown }) => {
    const text = JSON.stringify(schema);
    if (Buffer.byteLength(text, "utf8") > MAX_SCHEMA_BYTES) {
      return err(invalidField("schema", `The schema is larger than ${MAX_SCHEMA_BYTES} bytes.`));
    }
    const compile = await loadCompiler();
    let validate: ValidateFunction;
    try {
      validate = validatorFor(schema, text, compile);
    } catch (error) {
      return err(invalidField("schema", `Invalid schema: ${(error as Error).message}`));
    }
    const valid = validate(data) as boolean;
    return ok({ valid, errors: valid ? [] : (validate.errors ?? []).map(toError) });
  },
});
