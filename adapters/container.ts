import "reflect-metadata";
import { Container } from "inversify";
import { AuthenticateKey } from "../application/authenticate-key.ts";
import type { CheckPackAccess } from "../application/check-pack-access.ts";
import { ConsumeRateLimit } from "../application/consume-rate-limit.ts";
import { CreateKey } from "../application/create-key.ts";
import { ExecuteTool } from "../application/execute-tool.ts";
import { noteFirstRefusal } from "../application/key-notices.ts";
import { ListKeys } from "../application/list-keys.ts";
import type { ApiKeyStore, AuditLog, Clock, RateLimitStore, SchemaValidator, SecretSource, ToolCatalog, ToolRunner } from "../application/ports.ts";
import type { AuditDeps } from "../application/record-audit.ts";
import { RevokeKey } from "../application/revoke-key.ts";
import { RotateKey } from "../application/rotate-key.ts";
import { ToolCall } from "../application/tool-call.ts";
import { UpdateKey } from "../application/update-key.ts";
import { bindAccountStores, bindAccountUseCases } from "./bind-accounts.ts";
import { bindEvents } from "./bind-events.ts";
import { bindOAuth } from "./bind-oauth.ts";
import { bindSecurity } from "./bind-security.ts";
import { bindUsage } from "./bind-usage.ts";
import { bindWebhooks } from "./bind-webhooks.ts";
import { bindPackUseCases } from "./packs/bind-packs.ts";
import { type Infrastructure, TOKENS } from "./tokens.ts";
import { AjvSchemaValidator } from "./tools/ajv-schema-validator.ts";
import { StaticToolCatalog } from "./tools/static-tool-catalog.ts";

// Declared in tokens.ts so the bindings need not import this file; re-exported for the root's callers.
export { memoryKeyv, TOKENS } from "./tokens.ts";
export { resolveAccountDeps } from "./bind-accounts.ts";

/** The composition root: the only place that knows every implementation. */
export function buildContainer(infra: Infrastructure): Container {
  const container = new Container({ defaultScope: "Singleton" });
  const catalog = new StaticToolCatalog(infra.tools, (infra.packs ?? []).flatMap((pack) => pack.tools));
  container.bind(TOKENS.apiKeyStore).toConstantValue(infra.keys);
  container.bind(TOKENS.rateLimitStore).toConstantValue(infra.limits);
  container.bind(TOKENS.toolRunner).toConstantValue(infra.runner);
  container.bind(TOKENS.clock).toConstantValue(infra.clock);
  container.bind(TOKENS.secretSource).toConstantValue(infra.secrets);
  container.bind(TOKENS.toolCatalog).toConstantValue(catalog);
  container.bind(TOKENS.schemaValidator).toConstantValue(new AjvSchemaValidator(catalog.serverTools()));

  container.bind(TOKENS.auditLog).toConstantValue(infra.audit);
  bindKeyUseCases(container, infra);
  container.bind(TOKENS.consumeRateLimit).toResolvedValue((limits: RateLimitStore) => new ConsumeRateLimit({ limits, onRefused: refusalNotice(infra) }), [TOKENS.rateLimitStore]);
  container.bind(TOKENS.executeTool).toResolvedValue(
    (tools: ToolCatalog, schemas: SchemaValidator, runner: ToolRunner) => new ExecuteTool({ tools, schemas, runner }),
    [TOKENS.toolCatalog, TOKENS.schemaValidator, TOKENS.toolRunner],
  );
  container.bind(TOKENS.toolCall).toResolvedValue(
    (authenticateKey: AuthenticateKey, consumeRateLimit: ConsumeRateLimit, executeTool: ExecuteTool, checkPackAccess: CheckPackAccess) =>
      new ToolCall({ authenticateKey, consumeRateLimit, executeTool, checkPackAccess, onBug: infra.onBug }),
    [TOKENS.authenticateKey, TOKENS.consumeRateLimit, TOKENS.executeTool, TOKENS.checkPackAccess],
  );
  bindAccountStores(container, infra);
  bindAccountUseCases(container, infra);
  bindSecurity(container, infra);
  bindPackUseCases(container, infra);
  bindUsage(container, infra);
  bindWebhooks(container, infra);
  bindEvents(container, infra);
  bindOAuth(container, infra);
  return container;
}

/** `key.rate_limited` on a key's first 429 of a window: stored before that 429 is answered; a failure to store it is logged, the 429 stands. */
function refusalNotice(infra: Infrastructure): ConstructorParameters<typeof ConsumeRateLimit>[0]["onRefused"] {
  const { outbox } = infra.events;
  const deps = { outbox, clock: infra.clock, secrets: infra.secrets };
  return (key, hit) => (hit.count === key.policy.limit + 1 ? noteFirstRefusal(deps, key, hit).catch((error) => infra.onBug?.(error)) : undefined);
}

/** Every use case that changes or reads keys shares the store, the audit log, the clock and the CSPRNG. */
function bindKeyUseCases(container: Container, infra: Infrastructure): void {
  const deps = [TOKENS.apiKeyStore, TOKENS.auditLog, TOKENS.clock, TOKENS.secretSource] as const;
  const keyDeps = (keys: ApiKeyStore, audit: AuditLog, clock: Clock, secrets: SecretSource): AuditDeps & { keys: ApiKeyStore } =>
    ({ keys, audit, clock, secrets, outbox: infra.events.outbox });
  container.bind(TOKENS.authenticateKey).toResolvedValue(
    (keys: ApiKeyStore, audit: AuditLog, clock: Clock, secrets: SecretSource) =>
      new AuthenticateKey({ ...keyDeps(keys, audit, clock, secrets), env: infra.env }),
    [...deps],
  );
  container.bind(TOKENS.createKey).toResolvedValue(
    (keys: ApiKeyStore, audit: AuditLog, clock: Clock, secrets: SecretSource) =>
      new CreateKey({ ...keyDeps(keys, audit, clock, secrets), defaultPolicy: infra.defaultPolicy }),
    [...deps],
  );
  container.bind(TOKENS.revokeKey).toResolvedValue((...args: Parameters<typeof keyDeps>) => new RevokeKey(keyDeps(...args)), [...deps]);
  container.bind(TOKENS.listKeys).toResolvedValue((...args: Parameters<typeof keyDeps>) => new ListKeys(keyDeps(...args)), [...deps]);
  container.bind(TOKENS.rotateKey).toResolvedValue((...args: Parameters<typeof keyDeps>) => new RotateKey(keyDeps(...args)), [...deps]);
  container.bind(TOKENS.updateKey).toResolvedValue((...args: Parameters<typeof keyDeps>) => new UpdateKey(keyDeps(...args)), [...deps]);
}

