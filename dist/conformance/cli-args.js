import { parseArgs } from "node:util";
import { err, ok } from "../domain/result.js";
export const USAGE = `usage: npm run -s conformance -- [--base-url URL --api-key KEY] [--rate-limited-key KEY]
                                 [--max-body-bytes N] [--sign-up] [--verbose]
  Without --base-url the suite boots its own server on 127.0.0.1 (temporary DATA_DIR) with its own keys.
  Keys may also come from CONFORMANCE_API_KEY and CONFORMANCE_RATE_LIMITED_KEY (kept out of process listings).
  --sign-up lets a run against --base-url sign up two throwaway accounts for the signed-in session cases.`;
/** Reads the command line (and the key variables) of `npm run -s conformance`. */
export function parseConformanceArgs(argv, env) {
    let values;
    try {
        ({ values } = parseArgs({
            args: [...argv],
            options: {
                "base-url": { type: "string" },
                "api-key": { type: "string" },
                "rate-limited-key": { type: "string" },
                "max-body-bytes": { type: "string" },
                "sign-up": { type: "boolean" },
                verbose: { type: "boolean" },
                help: { type: "boolean" },
            },
            strict: true,
        }));
    }
    catch (error) {
        return err(`${error.message}\n${USAGE}`);
    }
    if (values.help)
        return err(USAGE);
    const baseUrl = values["base-url"];
    const apiKey = values["api-key"] ?? env.CONFORMANCE_API_KEY;
    const rateLimitedKey = values["rate-limited-key"] ?? env.CONFORMANCE_RATE_LIMITED_KEY;
    if (baseUrl && !/^https?:\/\/[^/]/.test(baseUrl))
        return err(`--base-url must be an http(s) URL\n${USAGE}`);
    if (baseUrl && !apiKey)
        return err(`--base-url needs --api-key (or CONFORMANCE_API_KEY)\n${USAGE}`);
    if (!baseUrl && (values["api-key"] || values["rate-limited-key"]))
        return err(`--api-key and --rate-limited-key need --base-url\n${USAGE}`);
    const maxBodyBytes = values["max-body-bytes"] === undefined ? undefined : Number(values["max-body-bytes"]);
    if (maxBodyBytes !== undefined && !(Number.isInteger(maxBodyBytes) && maxBodyBytes > 0))
        return err(`--max-body-bytes must be a positive integer\n${USAGE}`);
    return ok({
        ...(baseUrl ? { baseUrl, apiKey, rateLimitedKey: rateLimitedKey || undefined, signUp: values["sign-up"] === true, maxBodyBytes } : {}),
        verbose: values.verbose === true,
    });
}
