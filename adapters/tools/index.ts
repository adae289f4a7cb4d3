import type { AnyTool, ToolDefinition } from "../../domain/tool.ts";
import { clientOnlyTools } from "./client-only/client-only-tools.ts";
import { hashText } from "./crypto/hash-text.ts";
import { jsonFormatter } from "./json/json-formatter.ts";
// @imports crypto
// @imports encoding
// @imports text
// @imports json
// @imports conversion
// @imports network-calc
// @imports date-time
// @imports generators
// @imports web
// @imports math
// @imports validation
// @imports images
// @imports dev

/** Every server tool, in catalog order within each category. */
export const serverTools: readonly ToolDefinition[] = [
  hashText,
  // @tools crypto
  // @tools encoding
  // @tools text
  jsonFormatter,
  // @tools json
  // @tools conversion
  // @tools network-calc
  // @tools date-time
  // @tools generators
  // @tools web
  // @tools math
  // @tools validation
  // @tools images
  // @tools dev
];

/** The whole catalog: server tools, then the client-only ones. */
export const tools: readonly AnyTool[] = [...serverTools, ...clientOnlyTools];
