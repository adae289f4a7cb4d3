import { type Result } from "../domain/result.ts";
import type { ConformanceOptions } from "./run-dredd.ts";
export declare const USAGE = "usage: npm run -s conformance -- [--base-url URL --api-key KEY] [--rate-limited-key KEY]\n                                 [--max-body-bytes N] [--sign-up] [--verbose]\n  Without --base-url the suite boots its own server on 127.0.0.1 (temporary DATA_DIR) with its own keys.\n  Keys may also come from CONFORMANCE_API_KEY and CONFORMANCE_RATE_LIMITED_KEY (kept out of process listings).\n  --sign-up lets a run against --base-url sign up two throwaway accounts for the signed-in session cases.";
/** Reads the command line (and the key variables) of `npm run -s conformance`. */
export declare function parseConformanceArgs(argv: readonly string[], env: NodeJS.ProcessEnv): Result<ConformanceOptions, string>;
