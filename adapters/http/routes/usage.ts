import { getRouterParam, type H3Event } from "h3";
import type { QueryKeyUsage, QueryWorkspaceUsage, UsageQuery } from "../../../application/query-usage.ts";
import { toErrorResponse, toSuccessResponse } from "../error-response.ts";
import type { KeyedHandler } from "../protect.ts";
import type { SessionRouteDeps } from "../session/session-deps.ts";
import { withSession } from "../session/with-session.ts";

/** A query parameter as sent; an empty one counts as absent. */
const query = (event: H3Event, name: string): string | undefined => event.url.searchParams.get(name) || undefined;

const usageQuery = (event: H3Event): UsageQuery => ({
  from: query(event, "from"), to: query(event, "to"), granularity: query(event, "granularity"), tool: query(event, "tool"),
});

/** GET /usage: the calling key's usage; like every keyed answer it carries the rate-limit headers. */
export function keyUsageHandler(deps: { keyUsage: QueryKeyUsage }): KeyedHandler {
  return async (event, call) => {
    const result = await deps.keyUsage.execute({ ...usageQuery(event), key: call.key });
    return result.ok ? toSuccessResponse({ usage: result.value }, 200, call.headers) : toErrorResponse(result.error, call.headers);
  };
}

/** GET /workspaces/:id/usage: the workspace's usage for a member's session (403 / 404 as the other workspace routes). */
export function workspaceUsageHandler(deps: SessionRouteDeps & { workspaceUsage: QueryWorkspaceUsage }) {
  return withSession(deps, async (event, { account }) => {
    const result = await deps.workspaceUsage.execute({
      ...usageQuery(event), keyId: query(event, "keyId"), accountId: account.id, workspaceId: getRouterParam(event, "id", { decode: true }) ?? "",
    });
    return result.ok ? toSuccessResponse({ usage: result.value }) : toErrorResponse(result.error);
  });
}
