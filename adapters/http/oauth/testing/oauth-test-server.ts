import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { buildToolCore, type ToolCore } from "../../../core/create-tool-core.ts";
import { createLogger } from "../../../logger.ts";
import { ScryptPasswordHasher } from "../../../security/scrypt-password-hasher.ts";
import { openMemoryStorage } from "../../../storage/open-storage.ts";
import { FixedClock } from "../../../system.ts";
import { TEST_SCRYPT_COST } from "../../../testing/harness.ts";
import { tools } from "../../../tools/index.ts";
import { InlineToolRunner } from "../../../tools/inline-tool-runner.ts";
import { createNodeServer } from "../../node-server.ts";

/** A real server on 127.0.0.1 whose clock the test moves: codes and tokens expire without waiting. */
export interface OAuthTestServer {
  /** PUBLIC_URL: `http://127.0.0.1:<port>`, the issuer and the resource's origin. */
  readonly url: string;
  readonly clock: FixedClock;
  readonly core: ToolCore;
}

/**
 * Registers beforeAll/afterAll hooks that serve the reference app over node:http on a random port, on memory storage
 * and a FixedClock, with PUBLIC_URL set to the bound address (the OAuth server makes its issuer and resource from it).
 */
export function useOAuthTestServer(start = Date.UTC(2026, 0, 1, 12)): { readonly current: OAuthTestServer } {
  let running: (OAuthTestServer & { close(): Promise<void> }) | undefined;
  beforeAll(async () => {
    const clock = new FixedClock(start);
    let url = "http://127.0.0.1";
    const core = buildToolCore({
      storage: openMemoryStorage(clock), clock, runner: new InlineToolRunner(), tools, env: "development",
      passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST), events: { publicUrl: () => url, dispatch: false },
    });
    const { server } = createNodeServer(core, { logger: createLogger("silent"), publicUrl: () => url });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    running = { url, clock, core, close: () => new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }) };
  });
  afterAll(async () => {
    await running?.close();
  });
  return {
    get current() {
      if (!running) throw new Error("the server is not running: read it inside a test, after beforeAll");
      return running;
    },
  };
}
