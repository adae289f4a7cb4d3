import { once } from "node:events";
import { open, rename, rm } from "node:fs/promises";
import type { Writable } from "node:stream";
import { type ExportEnd, type SnapshotSource, toHeader } from "../storage/snapshot/export-format.ts";
import { openSnapshotSource } from "../storage/snapshot/open-snapshot.ts";
import { startFileCommand } from "./file-command.ts";

const USAGE = `Usage:
  tool-api export [--output FILE]
      writes every record of the configured store (DATA_DIR, REDIS_URL, REDIS_CLUSTER or DATABASE_URL) as JSON Lines
      to FILE or stdout: keys (secrets stay hashes), accounts, workspaces, members, invitations, packs, webhooks, the
      outbox, the audit and usage. Not sessions, one-time tokens or rate-limit windows. Read it back with tool-api import.`;

/** `tool-api export`: 0 written, 1 the store could not be read, 2 usage or configuration. */
export async function runExportCommand(argv: readonly string[], out: Writable = process.stdout, err: Writable = process.stderr): Promise<number> {
  const start = startFileCommand(argv, { name: "output", short: "o" }, USAGE, out, err);
  if (!start.ok) return start.code;
  const { file: output, config } = start;
  // A file appears under its name only once complete: an export cut short never looks like a whole one.
  const partial = output === undefined ? undefined : `${output}.partial-${process.pid}`;
  try {
    const source = await openSnapshotSource(config);
    let entries: number;
    try {
      // Opened first, so a directory that is missing or not writable fails here, before the store is read.
      const sink = partial === undefined ? out : (await open(partial, "w", 0o600)).createWriteStream();
      entries = await streamExport(source, sink);
      if (partial !== undefined && output !== undefined) {
        sink.end();
        await once(sink, "finish");
        await rename(partial, output);
      }
    } finally {
      await source.close();
    }
    err.write(`Exported ${entries} entries from the ${source.source} store${output === undefined ? "" : ` to ${output}`} (${source.consistency})\n`);
    return 0;
  } catch (error) {
    if (partial !== undefined) await rm(partial, { force: true });
    err.write(`Cannot export: ${(error as Error).message}\n`);
    return 1;
  }
}

/** The header, every entry and the end line; the number of entries. Throws when the sink fails (a full disk). */
async function streamExport(source: SnapshotSource, sink: Writable): Promise<number> {
  let failed: Error | undefined;
  sink.on("error", (error: Error) => (failed = error));
  const writeLine = async (value: unknown) => {
    if (failed) throw failed;
    // Waiting while the sink's buffer is full: the store is streamed, never held in memory.
    if (!sink.write(`${JSON.stringify(value)}\n`)) await once(sink, "drain");
  };
  let entries = 0;
  await writeLine(toHeader(source, new Date()));
  for await (const entry of source.entries()) {
    await writeLine(entry);
    entries += 1;
  }
  await writeLine({ kind: "end", entries } satisfies ExportEnd);
  return entries;
}
