import type { H3Event } from "h3";
import type { AccountDeps } from "../../../application/account-deps.ts";
import type { InstalledPack } from "../../../domain/tool-pack.ts";

/** What the session routes get from createApp. */
export interface SessionRouteDeps extends AccountDeps {
  readonly maxBodyBytes: number;
  /** Answers a bug without internals (and logs it once). */
  readonly onBug: (error: unknown, event: H3Event) => Response;
  /** Every installed pack, core first, for the marketplace page. */
  readonly installedPacks?: readonly InstalledPack[];
}
