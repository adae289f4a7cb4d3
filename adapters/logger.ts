import { pino, type DestinationStream, type Logger } from "pino";

export type { Logger } from "pino";

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

/**
 * A JSON logger on stdout; `destination` lets tests capture the lines. Lines are written asynchronously: a line
 * waits only while the previous write is in flight, so under load lines leave in batches, not one blocking write
 * each. pino flushes what is pending when the process exits, crash included; only a kill -9 can lose the lines of
 * the last write.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, base: undefined, redact: { paths: REDACTED_PATHS, censor: "[REDACTED]" } };
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false }));
}
