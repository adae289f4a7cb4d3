import { type DestinationStream, type Logger } from "pino";
export type { Logger } from "pino";
/**
 * Paths pino blanks before a line is written. Request logs never carry bodies or headers, so these are
 * the second line of defence should someone log a request or an input object whole.
 */
export declare const REDACTED_PATHS: string[];
/** A JSON logger; `destination` lets tests capture the lines. */
export declare function createLogger(level: string, destination?: DestinationStream): Logger;
