import { constants } from "node:os";

/** The file-system failures an operator fixes by pointing DATA_DIR elsewhere, each as a message names it. */
const OPERATOR_CODES: Readonly<Record<string, string>> = {
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "read-only file system",
  ENOSPC: "no space left on device",
  ENOTDIR: "a part of the path is not a directory",
};

/** The embedded store could not be opened under DATA_DIR: an operator problem, reported in one line, not a bug. */
export class DataDirError extends Error {
  override readonly name = "DataDirError";
  /** The error code, by name (`EACCES`, `EROFS`, …). */
  readonly code: string;
  readonly dataDir: string;

  constructor(dataDir: string, code: string, options?: { cause?: unknown }) {
    super(`the data directory ${dataDir} cannot be opened (${code}: ${OPERATOR_CODES[code] ?? code}): set DATA_DIR to a writable directory`, options);
    this.code = code;
    this.dataDir = dataDir;
  }
}

/**
 * `error` as a DataDirError when it is one of the file-system failures above; undefined for anything else. Node's
 * own errors carry the code by name; LMDB's carry the errno as a number (13, "Permission denied: …").
 */
export function toDataDirError(error: unknown, dataDir: string): DataDirError | undefined {
  const raw = (error as { code?: unknown } | null)?.code;
  const code = typeof raw === "number" ? errnoName(raw) : raw;
  return typeof code === "string" && code in OPERATOR_CODES ? new DataDirError(dataDir, code, { cause: error }) : undefined;
}

function errnoName(errno: number): string | undefined {
  const number = Math.abs(errno);
  return Object.entries(constants.errno).find(([, value]) => value === number)?.[0];
}
