import { execFile } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BATCH_BYTES, batchedLines, type ByteWriter, createLogger, LINE_DELAY_MS, PIPE_BUF, workerBatchBytes } from "./logger.ts";
import { childEnv } from "./testing/child-env.ts";

const afterDelay = () => new Promise((resolve) => setTimeout(resolve, LINE_DELAY_MS + 10));

/** The writes as text; `bytes` keeps each write's byte length. */
function recordingWriter(): ByteWriter & { writes: string[]; bytes: number[] } {
  const writes: string[] = [];
  const bytes: number[] = [];
  return { writes, bytes, write: (chunk) => void (writes.push(chunk.toString("utf8")), bytes.push(chunk.length)) };
}

const numbersIn = (chunk: string) => chunk.trimEnd().split("\n").map((line) => JSON.parse(line).n);

describe("batchedLines", () => {
  it("hands the writer the lines logged within the delay as one write, in order, once the delay is over", async () => {
    const writer = recordingWriter();
    // A delay no stall of a loaded machine reaches between two turns, so the lines of both must share one write.
    const delayMs = 500;
    const logger = createLogger("info", batchedLines(writer, { delayMs }));
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

  it("writes at once, without waiting for the delay, when the next line would take a write past the batch size", () => {
    const writer = recordingWriter();
    const logger = createLogger("info", batchedLines(writer));
    const padding = "x".repeat(1000);
    let n = 0;
    while (writer.writes.length === 0 && n < 100) logger.info({ n: ++n, padding }, "request");
    expect(writer.writes).toHaveLength(1);
    expect(writer.bytes[0]).toBeLessThanOrEqual(BATCH_BYTES);
    expect(writer.bytes[0]).toBeGreaterThan(BATCH_BYTES - 1100);
    // The line that did not fit waits for the next write.
    expect(numbersIn(writer.writes[0])).toEqual(Array.from({ length: n - 1 }, (_, i) => i + 1));
    logger.flush();
    expect(numbersIn(writer.writes[1])).toEqual([n]);
  });

  it("encodes lines as UTF-8 and never splits one, whatever its characters", () => {
    const writer = recordingWriter();
    const lines = batchedLines(writer, { maxBytes: 64 });
    const texts = Array.from({ length: 40 }, (_, i) => `${"é😀a".repeat(i % 9)}${i}\n`);
    for (const text of texts) lines.write(text);
    lines.flush();
    expect(writer.writes.join("")).toBe(texts.join(""));
    for (const [i, chunk] of writer.writes.entries()) {
      expect(chunk.endsWith("\n")).toBe(true);
      expect(writer.bytes[i] <= 64 || chunk.split("\n").length === 2).toBe(true);
    }
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

describe("a worker's log lines (batchedLines at PIPE_BUF)", () => {
  const written = (lines: readonly string[]) => {
    const writer = recordingWriter();
    const batched = batchedLines(writer, { maxBytes: PIPE_BUF });
    for (const line of lines) batched.write(line);
    batched.flush();
    return writer;
  };

  it("go out in writes of whole lines no longer than PIPE_BUF, so no other worker's write splits one", () => {
    const lines = Array.from({ length: 200 }, (_, i) => `${JSON.stringify({ i, pad: "é".repeat(i % 50) })}\n`);
    const { writes, bytes } = written(lines);
    expect(writes.length).toBeGreaterThan(1);
    for (const [i, chunk] of writes.entries()) {
      expect(bytes[i]).toBeLessThanOrEqual(PIPE_BUF);
      expect(chunk.endsWith("\n")).toBe(true);
    }
    expect(writes.join("")).toBe(lines.join(""));
  });

  it("keeps a line longer than PIPE_BUF whole, in a write of its own", () => {
    const long = `${"x".repeat(PIPE_BUF * 2)}\n`;
    expect(written(["a\n", long, "b\n"]).writes).toEqual(["a\n", long, "b\n"]);
  });
});

describe("workerBatchBytes", () => {
  it("gives a whole batch to a stdout that is a regular file, whose writes land whole", () => {
    const dir = mkdtempSync(join(tmpdir(), "worker-log-"));
    const fd = openSync(join(dir, "out.log"), "a");
    try {
      expect(workerBatchBytes(fd)).toBe(BATCH_BYTES);
    } finally {
      closeSync(fd);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("gives PIPE_BUF to anything else (a device here; a pipe, a socket or a terminal alike)", () => {
    const fd = openSync("/dev/null", "w");
    try {
      expect(workerBatchBytes(fd)).toBe(PIPE_BUF);
    } finally {
      closeSync(fd);
    }
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
