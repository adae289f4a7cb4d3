import { pino } from "pino";
/**
 * Paths pino blanks before a line is written. Request logs never carry bodies or headers, so these are
 * the second line of defence should someone log a request or an input object whole.
 */
export const REDACTED_PATHS = [
    "req.headers.authorization",
    'req.headers["x-api-key"]',
    "req.headers.cookie",
    "headers.authorization",
    'headers["x-api-key"]',
    "headers.cookie",
    "secret",
    "*.secret",
    "password",
    "*.password",
    "input",
    "*.input",
];
/** A JSON logger; `destination` lets tests capture the lines. */
export function createLogger(level, destination) {
    const options = { level, base: undefined, redact: { paths: REDACTED_PATHS, censor: "[REDACTED]" } };
    return destination ? pino(options, destination) : pino(options);
}
