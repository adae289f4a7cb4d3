import type { H3Event } from "h3";
import { type TrustProxy } from "./trust-proxy.ts";
declare module "h3" {
    interface H3EventContext {
        /** The request id echoed in `X-Request-Id` and every log line. */
        requestId?: string;
        startedAt?: number;
        /** The authenticated key, for the request log. */
        keyId?: string;
        /** Why a key was refused; logs only, never the wire. */
        authFailure?: string;
        /** Which proxies' forwarded headers this deployment believes (TRUST_PROXY). */
        trustProxy?: TrustProxy;
    }
}
/** The client's `X-Request-Id` when it is well-formed (safe to log and echo), else a fresh one. */
export declare function toRequestId(header: string | null): string;
/** Starts the per-request state: id, start time, and which proxies are believed. */
export declare function beginRequest(event: H3Event, trustProxy?: TrustProxy): void;
