import { AUDIT_PAGE_LIMITS } from "./audit.ts";

/** Deliveries per page of a webhook's log: the audit's rule, `limit` 50 by default, 1 to 200. */
export const DELIVERY_PAGE_LIMITS = AUDIT_PAGE_LIMITS;

// The outbox's positions are its own (opaque to the API); what a cursor may carry is bounded so a forged one stays
// small, printable text that the store can only fail to find.
const POSITION = /^[\x21-\x7e]{1,150}$/;

/** The opaque cursor a deliveries page hands out: the outbox's position after its last item, base64url-encoded. */
export const toDeliveryCursor = (position: string): string => Buffer.from(position, "utf8").toString("base64url");

/** The outbox position a cursor stands for, or undefined when the text is not a cursor this service handed out. */
export function readDeliveryCursor(cursor: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return undefined;
  const position = Buffer.from(cursor, "base64url").toString("utf8");
  return POSITION.test(position) && toDeliveryCursor(position) === cursor ? position : undefined;
}

/** A page size as the `limit` query parameter sends it (absent: the default), or undefined when it is not 1 to the max. */
export function readPageLimit(text: string | undefined, limits: { readonly default: number; readonly max: number } = DELIVERY_PAGE_LIMITS): number | undefined {
  if (text === undefined) return limits.default;
  if (!/^[1-9]\d{0,2}$/.test(text)) return undefined;
  const limit = Number(text);
  return limit <= limits.max ? limit : undefined;
}
