import type { H3EventContext, H3Route } from "h3";
import { type DestinationStream, pino } from "pino";
import { describe, expect, it, vi } from "vitest";
import { createLogger, prebuiltLines } from "../logger.ts";
import { requestFields, requestLines } from "./request-log.ts";

function recordingWriter(): DestinationStream & { lines: string[] } {
  const lines: string[] = [];
  return { lines, write: (chunk: string) => void lines.push(chunk) };
}

const route = (path: string) => ({ route: path, method: "POST" }) as H3Route;

/** Requests whose lines test every field's forms: nulls, an absent authFailure, aborted, strings JSON must escape. */
const requests: [string, H3EventContext, string, number, boolean][] = [
  ["an execute call", { requestId: "6f1c2b7e9d0a4c3b8e5f1a2d3c4b5a69", keyId: "key_01J9", matchedRoute: route("/api/v1/execute/:tool") }, "/api/v1/execute/hash-text", 200, false],
  ["a refused key", { requestId: "r-1", authFailure: "checksum" }, "/api/v1/execute/hash-text", 401, false],
  ["a session call, aborted", { requestId: "r-2", accountId: "acc_7", matchedRoute: route("/api/v1/session") }, "/api/v1/session", 200, true],
  ["a path JSON must escape", { requestId: 'quote"back\\slash' }, '/x/"\\\u0001\t\u2028é😀', 404, false],
  ["every other field JSON must escape", { requestId: "r-4", keyId: 'key"1', accountId: "acc\\2", authFailure: "bad\u007f", matchedRoute: route('/x/"y') }, "/", 599, false],
  ["an emailed link", { requestId: "r-3" }, "/dashboard/reset-password/0123456789abcdef", 200, false],
  ["no request id", {}, "/", 200, false],
];

describe("request lines written as prepared JSON", () => {
  it.each(requests)("writes for %s the same bytes as pino writes for the same fields", (_name, context, path, status, aborted) => {
    vi.spyOn(performance, "now").mockReturnValue(1_234.5678);
    vi.spyOn(Date, "now").mockReturnValue(1_764_400_000_123);
    const prepared = recordingWriter();
    const throughPino = recordingWriter();
    const withContext = { ...context, startedAt: 1_000 };
    const logger = createLogger("info", prepared).child({ worker: 2 });
    expect(prebuiltLines(logger, "request")).toBeTypeOf("function");
    requestLines(logger)(withContext, "POST", path, status, aborted);
    createLogger("info", throughPino).child({ worker: 2 }).child({}, { redact: { paths: [] } }).info(requestFields(withContext, "POST", path, status, aborted), "request");
    expect(prepared.lines).toHaveLength(1);
    expect(prepared.lines[0]).toBe(throughPino.lines[0]);
    expect(JSON.parse(prepared.lines[0])).toMatchObject({ level: 30, time: 1_764_400_000_123, worker: 2, method: "POST", status, durationUs: 234_568, msg: "request" });
  });

  it("writes nothing below its level", () => {
    const writer = recordingWriter();
    requestLines(createLogger("warn", writer))({ requestId: "r" }, "GET", "/", 200);
    expect(writer.lines).toEqual([]);
  });

  it("logs through pino for a child with a message prefix or a log formatter of its own, which pino honours", () => {
    const writer = recordingWriter();
    const prefixed = createLogger("info", writer).child({}, { msgPrefix: "[api] " });
    const formatted = createLogger("info", writer).child({}, { formatters: { log: (fields) => ({ ...fields, tagged: true }) } });
    expect(prebuiltLines(prefixed, "request")).toBeUndefined();
    expect(prebuiltLines(formatted, "request")).toBeUndefined();
    requestLines(prefixed)({ requestId: "r-7" }, "GET", "/", 200);
    requestLines(formatted)({ requestId: "r-8" }, "GET", "/", 200);
    expect(writer.lines.map((line) => JSON.parse(line))).toMatchObject([{ requestId: "r-7", msg: "[api] request" }, { requestId: "r-8", tagged: true }]);
  });

  it("logs through pino for a logger the project did not make, whose formatters it honours", () => {
    const writer = recordingWriter();
    const foreign = pino({ base: undefined, formatters: { level: (label) => ({ severity: label }) } }, writer);
    expect(prebuiltLines(foreign, "request")).toBeUndefined();
    requestLines(foreign)({ requestId: "r-9", matchedRoute: route("/") }, "GET", "/", 200);
    expect(JSON.parse(writer.lines[0])).toMatchObject({ severity: "info", requestId: "r-9", route: "/", status: 200, msg: "request" });
  });
});
