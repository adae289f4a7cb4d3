import { toSuccessResponse } from "../error-response.ts";
import type { KeyedHandler } from "../protect.ts";

/** GET /keys/current: the calling key, never its secret or hash. */
export const currentKeyHandler: KeyedHandler = (_event, { key, headers }) =>
  toSuccessResponse({
    key: {
      id: key.id,
      name: key.name,
      env: key.env,
      prefix: key.prefix,
      limit: key.policy.limit,
      windowSeconds: key.policy.windowMs / 1000,
      expiresAt: typeof key.expiresAt === "number" ? new Date(key.expiresAt).toISOString() : null,
      scopes: key.scopes ?? null,
      workspaceId: key.workspaceId,
    },
  }, 200, headers);
