import { TOKENS } from "../container.js";
/** A DomainError as a thrown Error: `code` is its error_code, `details` its field problems. */
export class ToolCoreError extends Error {
    name = "ToolCoreError";
    code;
    details;
    constructor(error) {
        super(error.message);
        this.code = error.code;
        this.details = "details" in error ? error.details : undefined;
    }
}
export function keyManager(services) {
    const { container, env } = services;
    return {
        async create(options) {
            const result = await container.get(TOKENS.createKey).execute({ ...options, env: options.env ?? env });
            if (!result.ok)
                throw new ToolCoreError(result.error);
            return { ...result.value.key, secret: result.value.secret };
        },
        list: () => container.get(TOKENS.listKeys).execute(),
        async revoke(id) {
            const result = await container.get(TOKENS.revokeKey).execute({ id });
            if (!result.ok)
                throw new ToolCoreError(result.error);
            return result.value;
        },
    };
}
