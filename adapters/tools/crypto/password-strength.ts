import type { ZxcvbnResult } from "@zxcvbn-ts/core";
import { ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { loadZxcvbn } from "../../security/zxcvbn.ts";

const SCENARIOS = [
  "onlineThrottling100PerHour",
  "onlineNoThrottling10PerSecond",
  "offlineSlowHashing1e4PerSecond",
  "offlineFastHashing1e10PerSecond",
] as const;
type Scenario = (typeof SCENARIOS)[number];

/** zxcvbn-ts names its scenarios by a rate placeholder; ours name the default rates they use. */
const LIBRARY_KEYS: Record<Scenario, keyof ZxcvbnResult["crackTimes"]> = {
  onlineThrottling100PerHour: "onlineThrottlingXPerHour",
  onlineNoThrottling10PerSecond: "onlineNoThrottlingXPerSecond",
  offlineSlowHashing1e4PerSecond: "offlineSlowHashingXPerSecond",
  offlineFastHashing1e10PerSecond: "offlineFastHashingXPerSecond",
};

const scenarioObject = (valueType: string) => ({
  type: "object",
  required: SCENARIOS,
  additionalProperties: false,
  properties: Object.fromEntries(SCENARIOS.map((name) => [name, { type: valueType }])),
});

export const passwordStrength = defineTool({
  id: "password-strength",
  name: "Password Strength",
  category: "crypto",
  description: "zxcvbn password strength estimate: score 0–4, guesses, crack-time estimates and feedback. The password is never echoed.",
  // Matching time grows with length and with l33t-substitutable characters, hence the 128-character cap and the
  // library's substitution bound (adapters/security/zxcvbn.ts).
  worker: true,
  timeoutMs: 10_000,
  input: {
    type: "object",
    required: ["password"],
    additionalProperties: false,
    properties: { password: { type: "string", minLength: 1, maxLength: 128 } },
  },
  output: {
    type: "object",
    required: ["score", "guesses", "guessesLog10", "crackTimesSeconds", "crackTimesDisplay", "feedback"],
    additionalProperties: false,
    properties: {
      score: { type: "integer", minimum: 0, maximum: 4 },
      guesses: { type: "number", minimum: 1 },
      guessesLog10: { type: "number", minimum: 0 },
      crackTimesSeconds: scenarioObject("number"),
      crackTimesDisplay: scenarioObject("string"),
      feedback: {
        type: "object",
        required: ["warning", "suggestions"],
        additionalProperties: false,
        properties: { warning: { type: ["string", "null"] }, suggestions: { type: "array", items: { type: "string" }, maxItems: 20 } },
      },
    },
  },
  examples: [
    {
      title: "A top-10 common password (exact values in password-strength.test.ts: score 0, 3 guesses)",
      input: { password: "password" },
    },
    { title: "A four-word passphrase", input: { password: "correct horse battery staple" } },
    { title: "Random-looking characters", input: { password: "m#P52s@ap$V" } },
  ],
  run: async ({ password }: { password: string }) => {
    const result = (await loadZxcvbn()).check(password);
    const times = (pick: (time: ZxcvbnResult["crackTimes"][keyof ZxcvbnResult["crackTimes"]]) => number | string) =>
      Object.fromEntries(SCENARIOS.map((name) => [name, pick(result.crackTimes[LIBRARY_KEYS[name]])]));
    return ok({
      score: result.score,
      guesses: result.guesses,
      guessesLog10: result.guessesLog10,
      crackTimesSeconds: times((time) => time.seconds),
      crackTimesDisplay: times((time) => time.display),
      feedback: { warning: result.feedback.warning, suggestions: [...result.feedback.suggestions] },
    });
  },
});
