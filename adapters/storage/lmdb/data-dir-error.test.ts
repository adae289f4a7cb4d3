import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirError, toDataDirError } from "./data-dir-error.ts";
import { openEmbeddedStorage } from "../open-storage.ts";

const dir = mkdtempSync(join(tmpdir(), "data-dir-error-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("toDataDirError", () => {
  it.each([
    ["Node's EACCES", Object.assign(new Error("EACCES: permission denied, mkdir './data'"), { code: "EACCES" }), "EACCES: permission denied"],
    ["Node's EROFS", Object.assign(new Error("EROFS: read-only file system, mkdir '/ro/data'"), { code: "EROFS" }), "EROFS: read-only file system"],
    ["Node's ENOSPC", Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" }), "ENOSPC: no space left on device"],
    ["LMDB's errno 13", Object.assign(new Error("Permission denied: Attempting to setup locks"), { code: 13 }), "EACCES: permission denied"],
    ["LMDB's errno 30", Object.assign(new Error("Read-only file system"), { code: 30 }), "EROFS: read-only file system"],
    ["LMDB's errno 1", Object.assign(new Error("Operation not permitted"), { code: 1 }), "EPERM: operation not permitted"],
  ])("names %s and the variable to set", (_name, error, named) => {
    const found = toDataDirError(error, "./data");
    expect(found).toBeInstanceOf(DataDirError);
    expect(found?.message).toBe(`the data directory ./data cannot be opened (${named}): set DATA_DIR to a writable directory`);
    expect(found?.cause).toBe(error);
  });

  it.each([["a bug", new TypeError("x is undefined")], ["another errno", Object.assign(new Error("EMFILE"), { code: "EMFILE" })], ["not an error", "text"], ["null", null]])(
    "leaves %s alone",
    (_name, error) => {
      expect(toDataDirError(error, "./data")).toBeUndefined();
    },
  );
});

describe("openEmbeddedStorage", () => {
  it("throws a DataDirError, not the raw mkdir error, when a file stands in the path", () => {
    const file = join(dir, "a-file");
    writeFileSync(file, "");
    expect(() => openEmbeddedStorage(join(file, "data"))).toThrow(
      new DataDirError(join(file, "data"), "ENOTDIR"),
    );
    expect(() => openEmbeddedStorage(join(file, "data"))).toThrow(/set DATA_DIR to a writable directory/);
  });
});
