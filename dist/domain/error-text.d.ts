import type { InputIssue } from "./errors.ts";
/** The longest message an error envelope carries: enough for any sentence of ours plus a short quote of input. */
export declare const MAX_MESSAGE_CHARS = 300;
/** The longest JSON Pointer quoted in `details` (a member name can be as long as the body). */
export declare const MAX_PATH_CHARS = 200;
/** At most this many `details`: the first problems are the useful ones, and the answer stays small. */
export declare const MAX_DETAILS = 50;
/**
 * The one cap on what an error answer echoes back: messages, paths and the number of details. Whatever
 * produced them (ajv, a tool's refusal, a parser), an answer stays a few kilobytes at most.
 */
export declare function boundErrorText(message: string, details: readonly InputIssue[] | undefined): {
    message: string;
    details?: InputIssue[];
};
