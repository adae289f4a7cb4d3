import { hashSessionToken } from "../domain/session.js";
/** Destroys the session server-side, so the token is worthless even if a copy of the cookie survives. */
export class SignOut {
    deps;
    constructor(deps) {
        this.deps = deps;
    }
    async execute(cmd) {
        if (cmd.token)
            await this.deps.sessions.delete(hashSessionToken(cmd.token));
    }
}
