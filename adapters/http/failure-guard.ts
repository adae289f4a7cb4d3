import type { H3Event } from "h3";
import { StorageUnavailableError } from "../../application/storage-unavailable.ts";

/** How a family of routes answers a storage outage and a bug: JSON envelopes, HTML pages, RFC 6749 errors. */
export interface FailureAnswers {
  /** The 503 (fail closed: nothing was read or written as if storage had answered). */
  unavailable(): Response;
  /** The 500; onBug's own answer (the JSON envelope) when absent. */
  bug?(): Response;
}

/** Runs `handler`; a storage outage becomes `answers.unavailable()`, any other error is logged once by onBug and answered 500. */
export function guardWith(deps: { readonly onBug: (error: unknown, event: H3Event) => Response }, answers: FailureAnswers, handler: (event: H3Event) => Promise<Response>) {
  return async (event: H3Event): Promise<Response> => {
    try {
      return await handler(event);
    } catch (error) {
      if (error instanceof StorageUnavailableError) {
        event.context.storageFailed = true;
        return answers.unavailable();
      }
      const logged = deps.onBug(error, event);
      return answers.bug?.() ?? logged;
    }
  };
}
