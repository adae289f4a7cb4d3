import type { DestinationStream } from "pino";

/** What Linux writes to a pipe in one piece: a write no longer than this is never interleaved with another process's. */
export const PIPE_BUF = 4096;

/**
 * Hands `writer` whole lines in writes of at most PIPE_BUF bytes. Worker processes share the primary's stdout: a
 * longer write to a pipe (a container's or systemd's log collector) may be cut in between another worker's, which
 * would splice two JSON lines together. A single line longer than PIPE_BUF still goes as one write.
 */
export function lineChunks(writer: DestinationStream): DestinationStream {
  return {
    write(text: string) {
      if (Buffer.byteLength(text) <= PIPE_BUF) {
        writer.write(text);
        return;
      }
      let chunk = "";
      let bytes = 0;
      for (const line of text.split(/(?<=\n)/)) {
        const size = Buffer.byteLength(line);
        if (bytes > 0 && bytes + size > PIPE_BUF) {
          writer.write(chunk);
          chunk = "";
          bytes = 0;
        }
        chunk += line;
        bytes += size;
      }
      if (chunk !== "") writer.write(chunk);
    },
  };
}
