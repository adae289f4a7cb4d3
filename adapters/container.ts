import "reflect-metadata";
import { Container, type ServiceIdentifier } from "inversify";
import { AuthenticateKey } from "../application/authenticate-key.ts";
import { ConsumeRateLimit } from "../application/consume-rate-limit.ts";
import { CreateKey } from "../application/create-key.ts";
import { ExecuteTool } from "../application/execute-tool.ts";
import { ListKeys } from "../application/list-keys.ts";
import type { ApiKeyStore, Clock, RateLimitStore, SchemaValidator, SecretSource, ToolCatalog, ToolRunner } from "../application/ports.ts";
import { RevokeKey } from "../application/revoke-key.ts";
import type { Environment, RateLimitPolicy } from "../domain/api-key.ts";
import type { AnyTool } from "../domain/tool.ts";
import { AjvSchemaValidator } from "./tools/ajv-schema-validator.ts";
import { StaticToolCatalog } from "./tools/static-tool-catalog.ts";

/** Typed tokens, one per port and use case. */
export const TOKENS = {
  apiKeyStore: Symbol.for("ApiKeyStore") as ServiceIdentifier<ApiKeyStore>,
  rateLimitStore: Symbol.for("RateLimitStore") as ServiceIdentifier<RateLimitStore>,
  toolCatalog: Symbol.for("ToolCatalog") as ServiceIdentifier<ToolCatalog>,
  schemaValidator: Symbol.for("SchemaValidator") as ServiceIdentifier<SchemaValidator>,
  toolRunner: Symbol.for("ToolRunner") as ServiceIdentifier<ToolRunner>,
  clock: Symbol.for("Clock") as ServiceIdentifier<Clock>,
  secretSource: Symbol.for("SecretSource") as ServiceIdentifier<SecretSource>,
  authenticateKey: Symbol.for("AuthenticateKey") as ServiceIdentifier<AuthenticateKey>,
  consumeRateLimit: Symbol.for("ConsumeRateLimit") as ServiceIdentifier<ConsumeRateLimit>,
  executeTool: Symbol.for("ExecuteTool") as ServiceIdentifier<ExecuteTool>,
  createKey: Symbol.for("CreateKey") as ServiceIdentifier<CreateKey>,
  revokeKey: Symbol.for("RevokeKey") as ServiceIdentifier<RevokeKey>,
  listKeys: Symbol.for("ListKeys") as ServiceIdentifier<ListKeys>,
} as const;

/** What main.ts opens before wiring: connections and process-wide objects. */
export interface Infrastructure {
  readonly keys: ApiKeyStore;
  readonly limits: RateLimitStore;
  readonly runner: ToolRunner;
  readonly tools: readonly AnyTool[];
  readonly clock: Clock;
  readonly secrets: SecretSource;
  readonly env: Environment;
  readonly defaultPolicy: RateLimitPolicy;
}

/** The composition root: the only place that knows every implementation. */
export function buildContainer(infra: Infrastructure): Container {
  const container = new Container({ defaultScope: "Singleton" });
  const catalog = new StaticToolCatalog(infra.tools);
  container.bind(TOKENS.apiKeyStore).toConstantValue(infra.keys);
  container.bind(TOKENS.rateLimitStore).toConstantValue(infra.limits);
  container.bind(TOKENS.toolRunner).toConstantValue(infra.runner);
  container.bind(TOKENS.clock).toConstantValue(infra.clock);
  container.bind(TOKENS.secretSource).toConstantValue(infra.secrets);
  container.bind(TOKENS.toolCatalog).toConstantValue(catalog);
  container.bind(TOKENS.schemaValidator).toConstantValue(new AjvSchemaValidator(catalog.serverTools()));

  container.bind(TOKENS.authenticateKey).toResolvedValue(
    (keys: ApiKeyStore, clock: Clock) => new AuthenticateKey({ keys, clock, env: infra.env }),
    [TOKENS.apiKeyStore, TOKENS.clock],
  );
  container.bind(TOKENS.consumeRateLimit).toResolvedValue((limits: RateLimitStore) => new ConsumeRateLimit({ limits }), [TOKENS.rateLimitStore]);
  container.bind(TOKENS.executeTool).toResolvedValue(
    (tools: ToolCatalog, schemas: SchemaValidator, runner: ToolRunner) => new ExecuteTool({ tools, schemas, runner }),
    [TOKENS.toolCatalog, TOKENS.schemaValidator, TOKENS.toolRunner],
  );
  container.bind(TOKENS.createKey).toResolvedValue(
    (keys: ApiKeyStore, secrets: SecretSource, clock: Clock) => new CreateKey({ keys, secrets, clock, defaultPolicy: infra.defaultPolicy }),
    [TOKENS.apiKeyStore, TOKENS.secretSource, TOKENS.clock],
  );
  container.bind(TOKENS.revokeKey).toResolvedValue((keys: ApiKeyStore, clock: Clock) => new RevokeKey({ keys, clock }), [TOKENS.apiKeyStore, TOKENS.clock]);
  container.bind(TOKENS.listKeys).toResolvedValue((keys: ApiKeyStore) => new ListKeys({ keys }), [TOKENS.apiKeyStore]);
  return container;
}
