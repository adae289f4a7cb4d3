import { readApiKey } from "./read-api-key.js";
/** The routes that read a body only for a valid key: their `100 Continue` waits for the key check. */
const KEYED_PATH = /^\/api\/v1\/(?:execute\/|tools\/[^/]+\/execute\/?$|keys\/current\/?$)/;
/**
 * `100 Continue` only when the body would be read: the declared length fits MAX_BODY_BYTES and, on a
 * key-protected route, the key authenticates. A storage outage counts as "no" (the app then answers 503).
 */
export function continueCheck(deps) {
    return async (req) => {
        const declared = req.headers["content-length"];
        if (declared !== undefined && !(Number(declared) <= deps.maxBodyBytes))
            return false;
        const path = (req.url ?? "/").split("?")[0];
        if (!KEYED_PATH.test(path))
            return true;
        const headers = new Headers();
        for (const name of ["x-api-key", "authorization"]) {
            const value = req.headers[name];
            if (typeof value === "string")
                headers.set(name, value);
        }
        const auth = await deps.authenticateKey.execute({ secret: readApiKey(headers) });
        return auth.ok;
    };
}
