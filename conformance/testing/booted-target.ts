import { afterAll, beforeAll } from "vitest";
import { bootTarget, type Target } from "../target.ts";

/**
 * The suite's own server (bootTarget) for the tests of the enclosing describe: booted before them, closed after.
 * Answers a getter: the server exists only once the hook has run.
 */
export function bootedTarget(): () => Target {
  let target: Target | undefined;
  beforeAll(async () => {
    target = await bootTarget();
  }, 60_000);
  afterAll(async () => {
    await target?.close();
  });
  return () => {
    if (!target) throw new Error("the conformance target is not booted yet (bootedTarget's beforeAll has not run)");
    return target;
  };
}
