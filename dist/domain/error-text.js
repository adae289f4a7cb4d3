import { excerpt } from "./excerpt.js";
/** The longest message an error envelope carries: enough for any sentence of ours plus a short quote of input. */
export const MAX_MESSAGE_CHARS = 300;
/** The longest JSON Pointer quoted in `details` (a member name can be as long as the body). */
export const MAX_PATH_CHARS = 200;
/** At most this many `details`: the first problems are the useful ones, and the answer stays small. */
export const MAX_DETAILS = 50;
/**
 * The one cap on what an error answer echoes back: messages, paths and the number of details. Whatever
 * produced them (ajv, a tool's refusal, a parser), an answer stays a few kilobytes at most.
 */
export function boundErrorText(message, details) {
    const bounded = { message: excerpt(message, MAX_MESSAGE_CHARS) };
    if (details) {
        bounded.details = details.slice(0, MAX_DETAILS).map((issue) => ({
            path: excerpt(issue.path, MAX_PATH_CHARS),
            message: excerpt(issue.message, MAX_MESSAGE_CHARS),
        }));
    }
    return bounded;
}
