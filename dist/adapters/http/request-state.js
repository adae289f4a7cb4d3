import { randomUUID } from "node:crypto";
import { TRUST_NO_PROXY } from "./trust-proxy.js";
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** The client's `X-Request-Id` when it is well-formed (safe to log and echo), else a fresh one. */
export function toRequestId(header) {
    return header !== null && WELL_FORMED_ID.test(header) ? header : `req_${randomUUID().replaceAll("-", "")}`;
}
/** Starts the per-request state: id, start time, and which proxies are believed. */
export function beginRequest(event, trustProxy = TRUST_NO_PROXY) {
    event.context.requestId = toRequestId(event.req.headers.get("x-request-id"));
    event.context.startedAt = performance.now();
    event.context.trustProxy = trustProxy;
}
