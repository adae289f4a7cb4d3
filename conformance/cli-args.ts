import { parseArgs } from "node:util";
import { err, ok, type Result } from "../domain/result.ts";
import type { ConformanceOptions } from "./run-conformance.ts";

/**
 * How the user ran the command, for its usage text: `npm run -s conformance --` from this repository's script (npm
 * names the script in npm_lifecycle_event), `tool-api conformance` through the package's bin (an installed package
 * has no such script).
 */
export function commandOf(env: NodeJS.ProcessEnv): string {
  return env.npm_lifecycle_event === "conformance" ? "npm run -s conformance --" : "tool-api conformance";
}

/** The usage text, naming the command as `command` (commandOf). */
export const usageOf = (command: string) => `usage: ${command} [--engine dredd] [--base-url URL --api-key KEY] [--rate-limited-key KEY] [--sign-up]
         [--reporter junit --output FILE] [--seed N] [--max-cases N] [--time-budget SECONDS]
         [--expect-local] [--max-body-bytes N] [--bail] [--verbose]
         [--max-document-bytes N] [--max-answer-bytes N] [--request-timeout SECONDS] [--run-timeout SECONDS]
  Without --base-url the suite boots its own server on 127.0.0.1 (temporary DATA_DIR) with its own keys.
  With --base-url every case comes from the document the deployment serves at /api/v1/openapi.json; where it
  differs from this version's document a drift section says how (a failure only with --expect-local).
  Keys may also come from CONFORMANCE_API_KEY and CONFORMANCE_RATE_LIMITED_KEY (kept out of process listings);
  the API key needs room for every case in its window (several hundred requests), the rate-limited key a small limit.
  --sign-up lets a run against --base-url sign up throwaway accounts for the signed-in session cases.
  --seed, --max-cases (default 300) and --time-budget (default 30 s) steer the property-based cases.
  --max-body-bytes only where the served document does not state its body limit (default 1048576).
  Bounds on what the deployment sends (passing one ends the run with a failure naming it): the served document
  --max-document-bytes (default 10485760), each other answer --max-answer-bytes (default 1048576), each request
  --request-timeout (default 20 s), the whole run --run-timeout (default 600 s).
  --engine dredd runs Dredd 14.1.0 (a development dependency: npm install --save-dev --save-exact dredd@14.1.0)
  on a document derived from the served one, with the hooks this package ships; --seed, --max-cases,
  --time-budget, --max-body-bytes, --sign-up and --expect-local belong to the default engine only.`;

const positive = (text: string | undefined, allowZero = false): number | undefined | null => {
  if (text === undefined) return undefined;
  const value = Number(text);
  return Number.isInteger(value) && (value > 0 || (allowZero && value === 0)) ? value : null;
};

/** The flags only the default engine reads (property cases, sessions, drift, the body limit). */
const DEFAULT_ENGINE_ONLY = ["seed", "max-cases", "time-budget", "max-body-bytes", "sign-up", "expect-local"] as const;

/** The command's options: the run's, and which engine runs it (`engine` is present only for Dredd). */
export type ConformanceArgs = ConformanceOptions & { readonly engine?: "dredd" };

/** Reads the command line (and the key variables) of `tool-api conformance` / `npm run -s conformance --`. */
export function parseConformanceArgs(argv: readonly string[], env: NodeJS.ProcessEnv): Result<ConformanceArgs, string> {
  const usage = usageOf(commandOf(env));
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        engine: { type: "string" },
        "base-url": { type: "string" },
        "api-key": { type: "string" },
        "rate-limited-key": { type: "string" },
        "max-body-bytes": { type: "string" },
        "sign-up": { type: "boolean" },
        reporter: { type: "string" },
        output: { type: "string" },
        seed: { type: "string" },
        "max-cases": { type: "string" },
        "time-budget": { type: "string" },
        "max-document-bytes": { type: "string" },
        "max-answer-bytes": { type: "string" },
        "request-timeout": { type: "string" },
        "run-timeout": { type: "string" },
        "expect-local": { type: "boolean" },
        bail: { type: "boolean" },
        verbose: { type: "boolean" },
        help: { type: "boolean" },
      },
      strict: true,
    }));
  } catch (error) {
    return err(`${(error as Error).message}\n${usage}`);
  }
  if (values.help) return err(usage);
  const baseUrl = values["base-url"];
  const apiKey = values["api-key"] ?? env.CONFORMANCE_API_KEY;
  const rateLimitedKey = values["rate-limited-key"] ?? env.CONFORMANCE_RATE_LIMITED_KEY;
  if (baseUrl && !/^https?:\/\/[^/]/.test(baseUrl)) return err(`--base-url must be an http(s) URL\n${usage}`);
  if (baseUrl && !apiKey) return err(`--base-url needs --api-key (or CONFORMANCE_API_KEY)\n${usage}`);
  if (!baseUrl && (values["api-key"] || values["rate-limited-key"])) return err(`--api-key and --rate-limited-key need --base-url\n${usage}`);
  if (values.engine !== undefined && values.engine !== "default" && values.engine !== "dredd") return err(`--engine must be default or dredd\n${usage}`);
  const defaultOnly = DEFAULT_ENGINE_ONLY.find((name) => values[name] !== undefined);
  if (values.engine === "dredd" && defaultOnly) return err(`--${defaultOnly} belongs to the default engine, not --engine dredd\n${usage}`);
  if (values.reporter !== undefined && values.reporter !== "junit") return err(`--reporter must be junit\n${usage}`);
  if ((values.reporter === "junit") !== (values.output !== undefined)) return err(`--reporter junit and --output FILE go together\n${usage}`);
  const numbers = {
    maxBodyBytes: positive(values["max-body-bytes"]),
    seed: positive(values.seed, true),
    maxCases: positive(values["max-cases"], true),
    timeBudgetSeconds: positive(values["time-budget"]),
    maxDocumentBytes: positive(values["max-document-bytes"]),
    maxAnswerBytes: positive(values["max-answer-bytes"]),
    requestTimeout: positive(values["request-timeout"]),
    runTimeout: positive(values["run-timeout"]),
  };
  for (const [name, value] of Object.entries(numbers)) if (value === null) return err(`--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace("-seconds", "")} must be a ${name === "seed" || name === "maxCases" ? "non-negative" : "positive"} integer\n${usage}`);
  const { maxDocumentBytes, maxAnswerBytes, requestTimeout, runTimeout, ...rest } = numbers;
  const defined = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)) as Partial<Record<keyof typeof rest, number>>;
  const limits = Object.fromEntries(
    Object.entries({ documentBytes: maxDocumentBytes, answerBytes: maxAnswerBytes, requestMs: requestTimeout && requestTimeout * 1000, runMs: runTimeout && runTimeout * 1000 }).filter(([, value]) => value !== undefined),
  );
  return ok({
    ...(values.engine === "dredd" ? { engine: "dredd" as const } : {}),
    ...(baseUrl ? { baseUrl, apiKey, rateLimitedKey: rateLimitedKey || undefined, signUp: values["sign-up"] === true } : {}),
    ...defined,
    ...(Object.keys(limits).length > 0 ? { limits } : {}),
    ...(values.output ? { junitFile: values.output } : {}),
    expectLocal: values["expect-local"] === true,
    bail: values.bail === true,
    verbose: values.verbose === true,
  });
}
