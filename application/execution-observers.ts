import type { ExecutionObservation, ExecutionObserver } from "./ports.ts";

/**
 * Several observers as one (usage, metrics, …), attached in the composition root. Each hears every call; one that
 * throws despite its contract is skipped for that call, so it can never fail a request or starve the others.
 */
export function observeAll(observers: readonly ExecutionObserver[], onBug?: (error: unknown) => void): ExecutionObserver {
  if (observers.length === 1 && !onBug) return observers[0];
  return {
    observe(observation: ExecutionObservation): void {
      for (const observer of observers) {
        try {
          observer.observe(observation);
        } catch (error) {
          onBug?.(error);
        }
      }
    },
  };
}
