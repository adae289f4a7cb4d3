import { Writable } from "node:stream";
import { buildContainer, TOKENS } from "../container.js";
import { buildToolCore } from "../core/create-tool-core.js";
import { createApp } from "../http/app.js";
import { createLogger } from "../logger.js";
import { ScryptPasswordHasher } from "../security/scrypt-password-hasher.js";
import { openMemoryStorage } from "../storage/open-storage.js";
import { FixedClock } from "../system.js";
import { tools as catalogTools } from "../tools/index.js";
import { InlineToolRunner } from "../tools/inline-tool-runner.js";
/** scrypt at a test cost (N = 2^10): the same code path as production, a thousandth of the work. */
export const TEST_SCRYPT_COST = { logN: 10, r: 8, p: 1 };
export function createTestApp(options = {}) {
    const clock = new FixedClock(options.now ?? Date.UTC(2026, 0, 1, 12, 0, 30));
    const storage = options.storage ?? openMemoryStorage(clock);
    const logs = [];
    const sink = new Writable({ write: (chunk, _encoding, done) => (logs.push(String(chunk)), done()) });
    const core = buildToolCore({
        storage, clock, runner: new InlineToolRunner(), tools: options.tools ?? catalogTools, env: options.env ?? "development",
        passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST),
    });
    const { container } = core.services;
    const app = createApp(core, { logger: createLogger("info", sink), maxBodyBytes: options.maxBodyBytes ?? 1_048_576 });
    return {
        app,
        clock,
        storage,
        logs,
        container,
        async createKey(keyOptions = {}) {
            const result = await container.get(TOKENS.createKey).execute({
                name: keyOptions.name ?? "test",
                env: keyOptions.env ?? options.env ?? "development",
                limit: keyOptions.limit,
                windowSeconds: keyOptions.windowSeconds,
            });
            if (!result.ok)
                throw new Error(result.error.message);
            return { id: result.value.key.id, secret: result.value.secret };
        },
        async revokeKey(id) {
            const result = await container.get(TOKENS.revokeKey).execute({ id });
            if (!result.ok)
                throw new Error(result.error.message);
        },
    };
}
/** A POST with a JSON body to the in-process app. */
export function postJson(app, path, body, headers = {}) {
    return Promise.resolve(app.request(path, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
    }));
}
