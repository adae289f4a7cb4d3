import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { openStorage, type Storage } from "../storage/open-storage.ts";
import { type ExportEntry, parseLine, refuseHeader, type WriteOutcome } from "../storage/snapshot/export-format.ts";
import { StorageTarget } from "../storage/snapshot/storage-target.ts";
import { SystemClock } from "../system.ts";
import { startFileCommand } from "./file-command.ts";

const USAGE = `Usage:
  tool-api import [--input FILE]
      writes a tool-api export (FILE or stdin) into the configured store. Safe to repeat: entries already there are
      left alone; a record the target holds differently is kept and reported (exit 1); usage counters take the larger
      count. Refuses a file of a newer export version. Run it before the target's servers start.`;

/** Conflicts named on stderr; the rest are counted. */
const CONFLICTS_SHOWN = 20;

/** `tool-api import`: 0 imported, 1 refused, cut short or conflicting, 2 usage or configuration. */
export async function runImportCommand(argv: readonly string[], input: Readable = process.stdin, out: Writable = process.stdout, err: Writable = process.stderr): Promise<number> {
  const start = startFileCommand(argv, { name: "input", short: "i" }, USAGE, out, err);
  if (!start.ok) return start.code;
  const { file, config } = start;
  const lines = createInterface({ input: file === undefined ? input : createReadStream(file), crlfDelay: Infinity })[Symbol.asyncIterator]();
  let storage: Storage | undefined;
  try {
    const first = await lines.next();
    const refused = first.done ? "the input is empty: not a tool-api export" : refuseHeader(first.value);
    if (refused) {
      err.write(`Cannot import: ${refused}\n`);
      return 1;
    }
    // The store is opened only for a file this release can read, so a refused import leaves no trace.
    storage = await openStorage(config, new SystemClock());
    const tally = await importLines(lines, new StorageTarget(storage), err);
    err.write(`Imported ${tally.entries} entries: ${tally.written} written, ${tally.unchanged} already there, ${tally.conflict} kept as the target holds them (conflicts)\n`);
    return tally.conflict > 0 ? 1 : 0;
  } catch (error) {
    err.write(`Cannot import: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await storage?.close();
  }
}

type Tally = Record<WriteOutcome, number> & { entries: number };

/** Writes every entry after the header; throws on a malformed line or a file that ends before its end line. */
async function importLines(lines: AsyncIterator<string>, target: StorageTarget, err: Writable): Promise<Tally> {
  const tally: Tally = { entries: 0, written: 0, unchanged: 0, conflict: 0 };
  let number = 1;
  let ended = false;
  for (let next = await lines.next(); !next.done; next = await lines.next()) {
    number += 1;
    if (next.value.trim() === "") continue;
    if (ended) throw new Error(`line ${number}: data after the end line`);
    let entry: ReturnType<typeof parseLine>;
    try {
      entry = parseLine(next.value);
    } catch (error) {
      throw new Error(`line ${number}: ${(error as Error).message}`);
    }
    if (entry.kind === "end") {
      if (entry.entries !== tally.entries) throw new Error(`the end line counts ${entry.entries} entries, the file holds ${tally.entries}`);
      ended = true;
      continue;
    }
    const outcome = await target.write(entry);
    tally[outcome] += 1;
    tally.entries += 1;
    if (outcome === "conflict" && tally.conflict <= CONFLICTS_SHOWN) err.write(`conflict: ${describe(entry)} differs in the target; kept as the target holds it\n`);
  }
  if (!ended) {
    throw new Error(`the file ends before its end line (cut short?): ${tally.entries} entries were imported; importing the whole file again is safe`);
  }
  return tally;
}

function describe(entry: ExportEntry): string {
  if (entry.kind === "record") return `record ${entry.namespace}/${entry.key}`;
  if (entry.kind === "index") return `index entry ${entry.namespace}/${entry.set}/${entry.member}`;
  return `usage bucket ${entry.scope} ${entry.granularity} ${entry.at}`;
}
