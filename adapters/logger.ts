import { pino, type DestinationStream, type Logger } from "pino";
import { integerText } from "../domain/integer-text.ts";

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

/** pino's epoch `time` field, a new number every millisecond, so written with integerText (see there why). */
const epochTime = () => `,"time":${integerText(Date.now())}`;

/** The loggers createLogger made and their children: their options are known, so prebuiltLines may write for them. */
const ownLoggers = new WeakSet<Logger>();

/** A JSON logger on stdout, its lines written in batches (see batchedLines); `destination` lets tests capture the lines. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level, base: undefined, timestamp: epochTime, redact: { paths: REDACTED_PATHS, censor: "[REDACTED]" },
    onChild: (child: Logger) => void ownLoggers.add(child),
  };
  const logger = pino(options, destination ?? batchedLines(pino.destination({ dest: 1, sync: true })));
  ownLoggers.add(logger);
  return logger;
}

/** pino's own parts of a line: the level's opening, the timestamp, the child bindings, the destination. */
interface LineParts {
  [key: symbol]: unknown;
}
const { lsCacheSym, timeSym, chindingsSym, streamSym, formattersSym } = pino.symbols;
/** Where a child made with `msgPrefix` keeps it (a symbol pino exports but does not declare in its types). */
const { msgPrefixSym } = pino.symbols as unknown as Record<"msgPrefixSym", symbol>;
const NEEDS_METADATA = Symbol.for("pino.metadata");

/**
 * For a logger createLogger made (or a child of it, which sets no formatters or hooks of its own): a writer of
 * info lines whose fields come already as JSON (`,"a":1,"b":"x"`), the same line as `logger.info({ a: 1, b: "x" },
 * msg)` but without pino's walk of the object, its per-key lookups and its string escaping, which cost 2.5 of
 * 3.7 µs a request line (measured). undefined for any other logger (its formatters, mixin or hooks are unknown) and
 * for a destination that wants pino's metadata: the caller then logs through pino.
 */
export function prebuiltLines(logger: Logger, msg: string): ((fields: string) => void) | undefined {
  const parts = logger as unknown as LineParts;
  if (!ownLoggers.has(logger) || (parts[streamSym] as LineParts)[NEEDS_METADATA] === true) return undefined;
  // What a child's own options may add that a prepared line would miss: a log formatter, a message prefix.
  if ((parts[formattersSym] as { log?: unknown }).log !== undefined || parts[msgPrefixSym] !== undefined) return undefined;
  const opening = (parts[lsCacheSym] as Record<number, string>)[logger.levels.values.info];
  const end = `,"msg":${JSON.stringify(msg)}}\n`;
  return (fields) => {
    const line = opening + (parts[timeSym] as () => string)() + (parts[chindingsSym] as string) + fields + end;
    (parts[streamSym] as DestinationStream).write(line);
  };
}

/** How long a logged line may wait for others to share its write. */
export const LINE_DELAY_MS = 20;
/** Pending lines are written at once when they reach this many characters, so a burst is never held in memory. */
export const BATCH_CHARS = 16_384;

/**
 * Hands `writer` the lines logged within LINE_DELAY_MS (or up to BATCH_CHARS) as one string. Each write to stdout is
 * a system call, a few microseconds on these machines: under load one write then carries dozens of request lines.
 * Measured with the production server at 16 connections, interleaved runs: execute's server CPU per request 83 µs
 * with pino's asynchronous writer (a thread-pool write, and its wake-ups, every line or few), 67 µs with one
 * synchronous write per event-loop turn (the previous form of this batching), 62 µs with no request log at all; then,
 * against one write per turn, 120 → 102 µs and 8.1k → 10.9k req/s with this delay (a turn holds only a few requests).
 * A write blocks the loop only while the reader of stdout is not reading, which slows the server to its log consumer
 * rather than queueing lines in memory without bound. On exit, crash included, the pending lines are written; a
 * kill -9 loses at most the last LINE_DELAY_MS of lines.
 */
export function batchedLines(writer: DestinationStream, delayMs = LINE_DELAY_MS): DestinationStream & { flush(done?: () => void): void } {
  let pending = "";
  let timer: NodeJS.Timeout | undefined;
  let exitHooked = false;
  const writePending = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending === "") return;
    const lines = pending;
    pending = "";
    writer.write(lines);
  };
  return {
    write(line: string) {
      pending += line;
      if (pending.length >= BATCH_CHARS) writePending();
      // Unref'd: a pending line never keeps the process alive; the exit hook writes it.
      else if (timer === undefined) timer = setTimeout(writePending, delayMs).unref();
      // Hooked at the first line, so loggers that never write (level "silent") add no exit listener.
      if (!exitHooked) {
        exitHooked = true;
        process.once("exit", writePending);
      }
    },
    // pino's logger.flush(): the pending lines now, not after the delay.
    flush(done) {
      writePending();
      done?.();
    },
  };
}
