import { toSuccessResponse } from "../error-response.js";
/** GET /keys/current: the calling key, never its secret or hash. */
export const currentKeyHandler = (_event, { key, headers }) => toSuccessResponse({
    key: {
        id: key.id,
        name: key.name,
        env: key.env,
        prefix: key.prefix,
        limit: key.policy.limit,
        windowSeconds: key.policy.windowMs / 1000,
    },
}, 200, headers);
