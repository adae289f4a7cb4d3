import { decide } from "../domain/rate-limit.js";
/** Counts one request against the key's window and decides whether it may proceed. */
export class ConsumeRateLimit {
    deps;
    constructor(deps) {
        this.deps = deps;
    }
    async execute(cmd) {
        const { policy } = cmd.key;
        const hit = await this.deps.limits.hit(cmd.key.id, policy.windowMs);
        return decide(policy, hit);
    }
}
