import { execFile } from "node:child_process";
import { join } from "node:path";
import type { DestinationStream } from "pino";
import { describe, expect, it } from "vitest";
import { BATCH_CHARS, batchedLines, createLogger, LINE_DELAY_MS } from "./logger.ts";
import { childEnv } from "./testing/child-env.ts";

const afterDelay = () => new Promise((resolve) => setTimeout(resolve, LINE_DELAY_MS + 10));

function recordingWriter(): DestinationStream & { writes: string[] } {
  const writes: string[] = [];
  return { writes, write: (chunk: string) => void writes.push(chunk) };
}

const numbersIn = (chunk: string) => chunk.trimEnd().split("\n").map((line) => JSON.parse(line).n);

describe("batchedLines", () => {
  it("hands the writer the lines logged within the delay as one write, in order, once the delay is over", async () => {
    const writer = recordingWriter();
    // A delay no stall of a loaded machine reaches between two turns, so the lines of both must share one write.
    const delayMs = 500;
    const logger = createLogger("info", batchedLines(writer, delayMs));
    logger.info({ n: 1 }, "request");
    await new Promise((resolve) => setImmediate(resolve));
    logger.info({ n: 2 }, "request");
    logger.info({ n: 3 }, "request");
    expect(writer.writes).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, delayMs + 50));
    expect(writer.writes).toHaveLength(1);
    expect(numbersIn(writer.writes[0])).toEqual([1, 2, 3]);
  });

  it("starts a new write for lines logged after the delay", async () => {
    const writer = recordingWriter();
    const logger = createLogger("info", batchedLines(writer));
    logger.info({ n: 1 }, "request");
    await afterDelay();
    logger.info({ n: 2 }, "request");
    await afterDelay();
    expect(writer.writes.map(numbersIn)).toEqual([[1], [2]]);
  });

  it("writes at once, without waiting for the delay, when the pending lines reach the batch size", () => {
    const writer = recordingWriter();
    const logger = createLogger("info", batchedLines(writer));
    const padding = "x".repeat(1000);
    let n = 0;
    while (writer.writes.length === 0 && n < 100) logger.info({ n: ++n, padding }, "request");
    expect(writer.writes).toHaveLength(1);
    expect(writer.writes[0].length).toBeGreaterThanOrEqual(BATCH_CHARS);
    expect(writer.writes[0].length).toBeLessThan(BATCH_CHARS + 1100);
    expect(numbersIn(writer.writes[0])).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  });

  it("writes the pending lines at once when the logger is flushed", () => {
    const writer = recordingWriter();
    const logger = createLogger("info", batchedLines(writer));
    logger.info({ n: 1 }, "request");
    logger.flush();
    expect(writer.writes.map((chunk) => JSON.parse(chunk).n)).toEqual([1]);
  });

  it("writes the lines still pending when the process dies of an uncaught error", async () => {
    const script = [
      `import { createLogger } from ${JSON.stringify(join(import.meta.dirname, "logger.ts"))};`,
      "const logger = createLogger('info');",
      "logger.info({ n: 1 }, 'before the crash');",
      "logger.info({ n: 2 }, 'before the crash');",
      "throw new Error('crash in the same turn');",
    ].join("\n");
    const { stdout, code } = await new Promise<{ stdout: string; code: number | null }>((resolve) => {
      const child = execFile(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { env: childEnv() }, (_error, out) => resolve({ stdout: out, code: child.exitCode }));
    });
    expect(code).not.toBe(0);
    expect(stdout.trimEnd().split("\n").map((line) => JSON.parse(line).n)).toEqual([1, 2]);
  });
});

describe("createLogger", () => {
  it("writes each line's time as a JSON number of epoch milliseconds", () => {
    const writes: string[] = [];
    const logger = createLogger("info", { write: (chunk: string) => void writes.push(chunk) });
    const before = Date.now();
    logger.info("request");
    const { time } = JSON.parse(writes[0]);
    expect(Number.isInteger(time) && time >= before && time <= Date.now()).toBe(true);
  });
});
