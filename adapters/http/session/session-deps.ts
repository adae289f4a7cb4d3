import type { H3Event } from "h3";
import type { AccountDeps } from "../../../application/account-deps.ts";
import type { Clock } from "../../../application/ports.ts";
import type { InstalledPack } from "../../../domain/tool-pack.ts";

/** One route: method, path and handler, registered by createApp's `route()`. */
export type RouteSpec = readonly ["GET" | "POST" | "PATCH" | "DELETE", string, (event: H3Event) => unknown];

/** What the session routes get from createApp. */
export interface SessionRouteDeps extends AccountDeps {
  readonly maxBodyBytes: number;
  /** Answers a bug without internals (and logs it once). */
  readonly onBug: (error: unknown, event: H3Event) => Response;
  /** Every installed pack, core first, for the marketplace page. */
  readonly installedPacks?: readonly InstalledPack[];
  /** PUBLIC_URL, the origin links start with (AppOptions.publicUrl); absent: each request's own origin. */
  readonly publicUrl?: string | (() => string);
  /** The core's clock: what a page shows as expired (a two-factor set-up) agrees with what the use cases refuse. */
  readonly clock: Clock;
}

/**
 * The origin of a link the app shows or sends (acceptUrl): the configured public URL, never the request's Host (a
 * forged Host would otherwise land in the link, and behind a TLS proxy it would read `http:`). Only an embedder that
 * configured none (createApp(core) as a library) gets the request's origin.
 */
export function linkOrigin(deps: Pick<SessionRouteDeps, "publicUrl">, event: H3Event): string {
  const { publicUrl } = deps;
  if (publicUrl === undefined) return event.url.origin;
  return typeof publicUrl === "function" ? publicUrl() : publicUrl;
}
