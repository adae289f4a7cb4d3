import { ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { lazy } from "../lazy.ts";

const loadBowser = lazy(async () => (await import("bowser")).default);

const NULLABLE_STRING = { type: ["string", "null"] } as const;
const STRING = { type: "string" } as const;

const part = (required: string[], optional: string[] = []) => ({
  type: "object",
  required,
  additionalProperties: false,
  properties: Object.fromEntries([...required.map((k) => [k, NULLABLE_STRING]), ...optional.map((k) => [k, STRING])]),
});

type Details = Record<string, string | undefined>;

/** Copies the required keys (null when bowser found nothing) and only the optional keys bowser did find. */
function pick(details: Details, required: string[], optional: string[] = []): Record<string, string | null> {
  const result: Record<string, string | null> = {};
  for (const key of required) result[key] = details[key] ?? null;
  for (const key of optional) if (details[key] !== undefined) result[key] = details[key];
  return result;
}

/** bowser (MIT) rather than ua-parser-js ≥ 2, which is AGPL-3.0. */
export const userAgentParser = defineTool({
  id: "user-agent-parser",
  name: "User Agent Parser",
  category: "web",
  description: "Detect the browser, operating system, platform and rendering engine from a User-Agent string.",
  input: {
    type: "object",
    required: ["userAgent"],
    additionalProperties: false,
    properties: { userAgent: { type: "string", minLength: 1, maxLength: 1024 } },
  },
  output: {
    type: "object",
    required: ["browser", "os", "platform", "engine"],
    additionalProperties: false,
    properties: {
      browser: part(["name", "version"]),
      os: part(["name", "version"], ["versionName"]),
      platform: part(["type"], ["vendor", "model"]),
      engine: part(["name"], ["version"]),
    },
  },
  examples: [
    {
      title: "Chrome 29 on Windows 7",
      source: "bowser test fixture test/acceptance/useragentstrings.yml (Chrome)",
      input: { userAgent: "Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/29.0.1547.62 Safari/537.36" },
      output: {
        browser: { name: "Chrome", version: "29.0.1547.62" },
        os: { name: "Windows", version: "NT 6.1", versionName: "7" },
        platform: { type: "desktop" },
        engine: { name: "Blink" },
      },
    },
    {
      title: "Chrome for iOS on an iPad",
      source: "bowser test fixture test/acceptance/useragentstrings.yml (Chrome)",
      input: {
        userAgent:
          "Mozilla/5.0 (iPad; U; CPU OS 5_1_1 like Mac OS X; en-us) AppleWebKit/534.46.0 (KHTML, like Gecko) CriOS/19.0.1084.60 Mobile/9B206 Safari/7534.48.3",
      },
      output: {
        browser: { name: "Chrome", version: "19.0.1084.60" },
        os: { name: "iOS", version: "5.1.1" },
        platform: { type: "tablet", vendor: "Apple", model: "iPad" },
        engine: { name: "WebKit", version: "534.46.0" },
      },
    },
    {
      title: "Chrome on macOS Lion",
      source: "bowser test fixture test/acceptance/useragentstrings.yml (Chrome)",
      input: { userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_7_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/49.0.2623.112 Safari/537.36" },
      output: {
        browser: { name: "Chrome", version: "49.0.2623.112" },
        os: { name: "macOS", version: "10.7.5", versionName: "Lion" },
        platform: { type: "desktop", vendor: "Apple" },
        engine: { name: "Blink" },
      },
    },
    {
      title: "Chrome OS: no platform type detected",
      source: "bowser test fixture test/acceptance/useragentstrings.yml (Chrome; spec platform: {})",
      input: { userAgent: "Mozilla/5.0 (X11; CrOS i686 4319.74.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/29.0.1547.57 Safari/537.36" },
      output: {
        browser: { name: "Chrome", version: "29.0.1547.57" },
        os: { name: "Chrome OS", version: null },
        platform: { type: null },
        engine: { name: "Blink" },
      },
    },
  ],
  run: async ({ userAgent }: { userAgent: string }) => {
    const Bowser = await loadBowser();
    const result = Bowser.parse(userAgent);
    return ok({
      browser: pick(result.browser as Details, ["name", "version"]),
      os: pick(result.os as Details, ["name", "version"], ["versionName"]),
      platform: pick(result.platform as Details, ["type"], ["vendor", "model"]),
      engine: pick(result.engine as Details, ["name"], ["version"]),
    });
  },
});
