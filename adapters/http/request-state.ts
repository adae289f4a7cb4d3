import { randomFillSync } from "node:crypto";
import type { H3Event } from "h3";
import { TRUST_NO_PROXY, type TrustProxy } from "./trust-proxy.ts";

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

const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const ID_BYTES = 16;
/** Random bytes for 256 request ids at a time (measured: 0.14 µs an id, against 0.66 µs for a UUID without dashes). */
const idPool = Buffer.alloc(ID_BYTES * 256);
let idOffset = idPool.length;

function freshRequestId(): string {
  if (idOffset === idPool.length) {
    randomFillSync(idPool);
    idOffset = 0;
  }
  idOffset += ID_BYTES;
  return `req_${idPool.toString("hex", idOffset - ID_BYTES, idOffset)}`;
}

/** The client's `X-Request-Id` when it is well-formed (safe to log and echo), else a fresh one of 128 random bits. */
export function toRequestId(header: string | null): string {
  return header !== null && WELL_FORMED_ID.test(header) ? header : freshRequestId();
}

/** Starts the per-request state: id, start time, and which proxies are believed. */
export function beginRequest(event: H3Event, trustProxy: TrustProxy = TRUST_NO_PROXY): void {
  event.context.requestId = toRequestId(event.req.headers.get("x-request-id"));
  event.context.startedAt = performance.now();
  event.context.trustProxy = trustProxy;
}
