import type { ListCallableTools } from "../../../application/list-callable-tools.ts";
import { toSuccessResponse } from "../error-response.ts";
import type { KeyedHandler } from "../protect.ts";

/**
 * GET /keys/current/tools: what the calling key may execute, by the execute path's own rules (ListCallableTools, as
 * MCP's tools/list): core tools, the tools of the packs its workspace enabled, of those what its scope names. A key
 * cannot otherwise see which packs its workspace enabled, so a client could not list its pack tools by itself.
 */
export const currentKeyToolsHandler = (callable: ListCallableTools): KeyedHandler => async (_event, { key, headers }) => {
  const tools = await callable.execute({ key });
  return toSuccessResponse({
    tools: tools.map(({ id, name, category, description, input }) => ({ id, name, category, description, inputSchema: input })),
  }, 200, headers);
};
