import type { H3Event } from "h3";
import type { SessionContext } from "../../../application/resolve-session.ts";
import type { SessionRouteDeps } from "./session-deps.ts";
/** A route handler that runs only for a live session (and, for state-changing methods, the right CSRF token). */
export type SessionHandler = (event: H3Event, context: SessionContext) => Promise<Response> | Response;
/** Session, then CSRF, then the handler: 401 unauthorized, then 403 csrf_failed. Storage down is 503. */
export declare function withSession(deps: Pick<SessionRouteDeps, "resolveSession" | "onBug">, handler: SessionHandler): (event: H3Event) => Promise<Response>;
/** Turns storage failures into 503 and bugs into 500, as withApiKey does for keyed routes. */
export declare function guarded(deps: Pick<SessionRouteDeps, "onBug">, handler: (event: H3Event) => Promise<Response>): (event: H3Event) => Promise<Response>;
declare module "h3" {
    interface H3EventContext {
        /** The signed-in account, for the request log. */
        accountId?: string;
    }
}
