import type { ExecuteTool } from "../../../application/execute-tool.ts";
import type { KeyedHandler } from "../protect.ts";
/** POST /execute/:tool and its alias /tools/:tool/execute. */
export declare function executeHandler(deps: {
    executeTool: ExecuteTool;
    maxBodyBytes: number;
}): KeyedHandler;
