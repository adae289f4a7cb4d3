import type { AuthenticateKey } from "../../application/authenticate-key.ts";
import type { ContinueCheck } from "./wire.ts";
/**
 * `100 Continue` only when the body would be read: the declared length fits MAX_BODY_BYTES and, on a
 * key-protected route, the key authenticates. A storage outage counts as "no" (the app then answers 503).
 */
export declare function continueCheck(deps: {
    readonly authenticateKey: AuthenticateKey;
    readonly maxBodyBytes: number;
}): ContinueCheck;
