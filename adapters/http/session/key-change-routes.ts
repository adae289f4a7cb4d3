import { getRouterParam, type H3Event } from "h3";
import { toErrorResponse, toSuccessResponse } from "../error-response.ts";
import { readJsonFields, readOptionalJsonFields } from "./json-fields.ts";
import type { SessionRouteDeps } from "./session-deps.ts";
import { withSession } from "./with-session.ts";

const param = (event: H3Event, name: string): string => getRouterParam(event, name, { decode: true }) ?? "";

/** A field the client sent, passed on as it is (the use case says 422 for a wrong type); absent stays absent. */
const field = <T>(body: Record<string, unknown>, name: string): T | undefined => (name in body ? (body[name] as T) : undefined);

/** Rotate, update and the audit list of the session API. */
export function keyChangeRoutes(deps: SessionRouteDeps) {
  return {
    rotate: withSession(deps, async (event, { account }) => {
      // A rotate POST may send no body at all (default grace) or a JSON object.
      const body = await readOptionalJsonFields(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      const result = await deps.workspaceKeyChanges.rotate({
        accountId: account.id, workspaceId: param(event, "id"), keyId: param(event, "keyId"),
        graceSeconds: field<number>(body.value, "graceSeconds"),
      });
      if (!result.ok) return toErrorResponse(result.error);
      const { key, secret, previousSecretExpiresAt } = result.value;
      return toSuccessResponse({ key, secret, previousSecretExpiresAt });
    }),
    update: withSession(deps, async (event, { account }) => {
      const body = await readJsonFields(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      const result = await deps.workspaceKeyChanges.update({
        accountId: account.id, workspaceId: param(event, "id"), keyId: param(event, "keyId"),
        name: field<string>(body.value, "name"), limit: field<number>(body.value, "limit"), windowSeconds: field<number>(body.value, "windowSeconds"),
      });
      return result.ok ? toSuccessResponse({ key: result.value }) : toErrorResponse(result.error);
    }),
    audit: withSession(deps, async (event, { account }) => {
      const result = await deps.workspaceKeyChanges.audit({ accountId: account.id, workspaceId: param(event, "id") });
      return result.ok ? toSuccessResponse({ events: result.value }) : toErrorResponse(result.error);
    }),
  };
}
