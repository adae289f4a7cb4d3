import { revoke, toKeySummary } from "../domain/api-key.js";
import { keyNotFound } from "../domain/errors.js";
import { err, ok } from "../domain/result.js";
/** Revokes a key at once; revoking twice is harmless and keeps the first revocation time. */
export class RevokeKey {
    deps;
    constructor(deps) {
        this.deps = deps;
    }
    async execute(cmd) {
        const key = await this.deps.keys.findById(cmd.id);
        if (!key)
            return err(keyNotFound(cmd.id));
        if (cmd.workspaceId !== undefined && key.workspaceId !== cmd.workspaceId)
            return err(keyNotFound(cmd.id));
        const revoked = revoke(key, this.deps.clock.now());
        if (revoked !== key)
            await this.deps.keys.save(revoked);
        return ok(toKeySummary(revoked));
    }
}
