import type { ClientOnlyTool } from "../../../domain/tool.ts";
/** Tools that need a browser API of the user's device: listed in the catalog, refused by execute. */
export declare const clientOnlyTools: readonly ClientOnlyTool[];
