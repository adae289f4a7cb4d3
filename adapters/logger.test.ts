import { execFile } from "node:child_process";
import { join } from "node:path";
import type { DestinationStream } from "pino";
import { describe, expect, it } from "vitest";
import { createLogger, turnBatched } from "./logger.ts";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

function recordingWriter(): DestinationStream & { writes: string[] } {
  const writes: string[] = [];
  return { writes, write: (chunk: string) => void writes.push(chunk) };
}

describe("turnBatched", () => {
  it("hands the writer the lines of one turn as one write, in order, by the end of that turn", async () => {
    const writer = recordingWriter();
    const logger = createLogger("info", turnBatched(writer));
    logger.info({ n: 1 }, "request");
    logger.info({ n: 2 }, "request");
    logger.info({ n: 3 }, "request");
    expect(writer.writes).toEqual([]);
    await nextTurn();
    expect(writer.writes).toHaveLength(1);
    expect(writer.writes[0].trimEnd().split("\n").map((line) => JSON.parse(line).n)).toEqual([1, 2, 3]);
  });

  it("starts a new write for the lines of a later turn", async () => {
    const writer = recordingWriter();
    const logger = createLogger("info", turnBatched(writer));
    logger.info({ n: 1 }, "request");
    await nextTurn();
    logger.info({ n: 2 }, "request");
    await nextTurn();
    expect(writer.writes.map((chunk) => JSON.parse(chunk).n)).toEqual([1, 2]);
  });

  it("writes the pending lines at once when the logger is flushed", () => {
    const writer = recordingWriter();
    const logger = createLogger("info", turnBatched(writer));
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
      const child = execFile(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], (_error, out) => resolve({ stdout: out, code: child.exitCode }));
    });
    expect(code).not.toBe(0);
    expect(stdout.trimEnd().split("\n").map((line) => JSON.parse(line).n)).toEqual([1, 2]);
  });
});
