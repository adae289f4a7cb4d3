import type { H3Event } from "h3";
import type { SessionContext } from "../../../application/resolve-session.ts";
import type { SessionRouteDeps } from "../session/session-deps.ts";
import type { Chrome } from "./pages/layout.ts";
export type PageHandler = (event: H3Event, context: SessionContext) => Promise<Response>;
export type FormHandler = (event: H3Event, context: SessionContext, form: URLSearchParams) => Promise<Response>;
type Deps = Pick<SessionRouteDeps, "resolveSession" | "listWorkspaces" | "onBug">;
/** Turns storage failures and bugs into HTML pages (the bug is logged once by onBug). */
export declare function dashboardGuard(deps: Pick<SessionRouteDeps, "onBug">, handler: (event: H3Event) => Promise<Response>): (event: H3Event) => Promise<Response>;
/** A GET page for signed-in accounts only. */
export declare function dashboardPage(deps: Deps, handler: PageHandler): (event: H3Event) => Promise<Response>;
/** A form POST for signed-in accounts: same origin, form-encoded, and carrying the session's CSRF token. */
export declare function dashboardForm(deps: Deps, handler: FormHandler): (event: H3Event) => Promise<Response>;
/** The top bar of a signed-in page. */
export declare function loadChrome(deps: Pick<Deps, "listWorkspaces">, context: SessionContext, section: Chrome["section"]): Promise<Chrome>;
export {};
