import { type ToolCall } from "../../../application/tool-call.ts";
import type { KeyedHandler } from "../protect.ts";
/** POST /execute/:tool and its alias /tools/:tool/execute: reads the body, then the core does the rest. */
export declare function executeHandler(deps: {
    toolCall: Pick<ToolCall, "run">;
    maxBodyBytes: number;
}): KeyedHandler;
