import { createClient } from "@keyv/redis";

/** What Redis servers ran for one test: the commands clients sent that name the test's own prefix. */
export interface CommandMonitor {
  /**
   * The commands seen since the last `clear()` (name first, lowercase: `evalsha`, `get`, …), once every command sent
   * before this call has been seen. Calls a script makes inside Redis are not commands sent, so they are left out.
   */
  settle(): Promise<string[]>;
  /** Forgets every command sent before this call (once seen: a reply can reach its sender before MONITOR shows it). */
  clear(): Promise<void>;
  close(): Promise<void>;
}

/**
 * MONITOR on each of `urls` (every node of a cluster), keeping the commands that mention `prefix`: a shared server
 * runs other tests' commands too, so only this test's keys are counted.
 */
export async function monitorCommands(urls: readonly string[], prefix: string): Promise<CommandMonitor> {
  const nodes = await Promise.all(urls.map((url) => monitorNode(url, prefix)));
  let fences = 0;
  // MONITOR shows commands in the order the server runs them: once a fence sent now is seen, so is all sent before it.
  const fence = () => {
    const name = `${prefix}fence:${++fences}`;
    return Promise.all(nodes.map((node) => node.fence(name)));
  };
  return {
    settle: async () => {
      await fence();
      return nodes.flatMap((node) => node.seen.filter((line) => !line.includes(`${prefix}fence:`)).map(commandName));
    },
    clear: async () => {
      await fence();
      for (const node of nodes) node.seen.splice(0);
    },
    close: async () => {
      for (const node of nodes) node.close();
    },
  };
}

async function monitorNode(url: string, prefix: string) {
  const [monitor, sender] = [createClient({ url }), createClient({ url })];
  for (const client of [monitor, sender]) {
    client.on("error", () => {});
    await client.connect();
  }
  const seen: string[] = [];
  const waiting = new Map<string, () => void>();
  await monitor.monitor((line: string) => {
    // `<time> [<db> <client address>] "<command>" …`; a script's own calls show `[<db> lua]`.
    if (!line.includes(prefix) || / lua\] /.test(line)) return;
    seen.push(line);
    for (const [fence, done] of waiting) {
      if (!line.includes(`"${fence}"`)) continue;
      waiting.delete(fence);
      done();
    }
  });
  return {
    seen,
    fence: (fence: string) =>
      new Promise<void>((resolve, reject) => {
        waiting.set(fence, resolve);
        // ECHO names no key, so a cluster node runs it whatever slots it holds.
        sender.echo(fence).catch(reject);
      }),
    close: () => {
      monitor.destroy();
      sender.destroy();
    },
  };
}

function commandName(line: string): string {
  return /\] "([^"]+)"/.exec(line)?.[1]?.toLowerCase() ?? line;
}
