import type { ServerResponse } from "node:http";
import type { H3Event } from "h3";
import type { CallerSignal } from "../../application/ports.ts";

/**
 * Whether the client of a request served by node:http has left: node destroys the response when its connection
 * closes before the answer is written (`req.destroyed` will not do: node destroys a request once its body is read).
 * A getter, not an AbortSignal: a signal and its listener would cost every request, where the tool pool reads this
 * only for a task it has queued (process-pool.ts).
 */
export function callerSignalOf(res: ServerResponse): CallerSignal {
  return {
    get aborted() {
      return res.destroyed;
    },
  };
}

/** The same for an h3 event: node's response where there is one, else the web request's own signal. */
export function eventCallerSignal(event: H3Event): CallerSignal {
  const res = (event.runtime?.node as { res?: ServerResponse } | undefined)?.res;
  return res ? callerSignalOf(res) : event.req.signal;
}
