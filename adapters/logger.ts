import { fstatSync } from "node:fs";
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
  const logger = pino(options, destination ?? batchedLines(stdoutBytes()));
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

/**
 * stdout as pino writes it (sonic-boom: synchronous, waiting out a full non-blocking pipe), taking bytes: its
 * string mode measures and encodes each write again.
 */
export function stdoutBytes(): ByteWriter {
  const stream = pino.destination({ dest: 1, sync: true, contentMode: "buffer" });
  // sonic-boom's types name only its string mode's write; in buffer mode the same method takes the Buffer.
  return { write: (chunk) => void (stream.write as unknown as (chunk: Buffer) => boolean)(chunk) };
}

/** How long a logged line may wait for others to share its write. */
export const LINE_DELAY_MS = 20;
/** The most bytes of lines one write carries, so a burst is never held in memory (a longer line goes alone). */
export const BATCH_BYTES = 16_384;

/**
 * What Linux writes to a pipe in one piece: a write no longer than this is never interleaved with another process's.
 * Worker processes share the primary's stdout, and a longer write to a pipe (a container's or systemd's log
 * collector) may be cut in between another worker's, which would splice two JSON lines together.
 */
export const PIPE_BUF = 4096;

/**
 * The most bytes a worker's write may carry to `fd`, its stdout shared with the other workers: a whole batch where
 * that is a regular file (Linux writes each write(2) to a file whole: a shared description's position lock, the
 * inode's with O_APPEND, so no other worker's line lands inside it), else PIPE_BUF (a pipe, a socket, a terminal).
 * The bench's servers write to a file: their workers' log then takes a write per 16 KiB of lines, not per 4 KiB.
 */
export function workerBatchBytes(fd = 1): number {
  return fstatSync(fd).isFile() ? BATCH_BYTES : PIPE_BUF;
}

/** Where batchedLines hands its writes: whole lines as UTF-8 bytes, a buffer the writer may keep. */
export interface ByteWriter {
  write(chunk: Buffer): void;
}

/**
 * Hands `writer` the lines logged within LINE_DELAY_MS as one write of at most `maxBytes` (whole lines; a line longer
 * than that goes in a write of its own). Each write to stdout is a system call, a few microseconds on these machines:
 * under load one write then carries dozens of request lines. Measured with the production server at 16 connections,
 * interleaved runs: execute's server CPU per request 83 µs with pino's asynchronous writer (a thread-pool write, and
 * its wake-ups, every line or few), 67 µs with one synchronous write per event-loop turn (the previous form of this
 * batching), 62 µs with no request log at all; then, against one write per turn, 120 → 102 µs and 8.1k → 10.9k
 * req/s with this delay (a turn holds only a few requests). Each line is encoded into the write's buffer as it comes:
 * a batch kept as one string was flattened, measured and encoded twice more on its way out (sonic-boom's length, its
 * write and its release). A write blocks the loop only while the reader of stdout is not reading, which slows the
 * server to its log consumer rather than queueing lines in memory without bound. On exit, crash included, the pending
 * lines are written; a kill -9 loses at most the last LINE_DELAY_MS of lines.
 */
export function batchedLines(writer: ByteWriter, { delayMs = LINE_DELAY_MS, maxBytes = BATCH_BYTES } = {}): DestinationStream & { flush(done?: () => void): void } {
  let batch: Buffer | undefined;
  let used = 0;
  let timer: NodeJS.Timeout | undefined;
  let exitHooked = false;
  const writePending = () => {
    clearTimeout(timer);
    timer = undefined;
    if (batch === undefined || used === 0) return;
    // The writer may keep the buffer (a write it has to retry): the next line starts a new one.
    const chunk = batch.subarray(0, used);
    batch = undefined;
    used = 0;
    writer.write(chunk);
  };
  const append = (line: string) => {
    // A UTF-16 unit is at most 3 bytes of UTF-8: only a line near the room left is measured.
    if (batch !== undefined && maxBytes - used < line.length * 3 && maxBytes - used < Buffer.byteLength(line)) writePending();
    if (used === 0 && line.length * 3 > maxBytes && Buffer.byteLength(line) > maxBytes) return writer.write(Buffer.from(line));
    batch ??= Buffer.allocUnsafe(maxBytes);
    used += batch.write(line, used);
  };
  return {
    write(line: string) {
      append(line);
      // Unref'd: a pending line never keeps the process alive; the exit hook writes it.
      if (used > 0 && timer === undefined) timer = setTimeout(writePending, delayMs).unref();
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
