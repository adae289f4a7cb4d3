import { checkDisplayName, findUnsafeCharacter } from "../domain/display-name.ts";
import type { InputIssue } from "../domain/errors.ts";
import { type EventType, isEventType } from "../domain/event.ts";
import { err, ok, type Result } from "../domain/result.ts";
import type { WebhookSender } from "./ports.ts";

/** The longest endpoint URL accepted (browsers and proxies cope with this much; a longer one is a mistake). */
export const MAX_WEBHOOK_URL_LENGTH = 2048;
/** The longest description, in code points. */
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 256;

/**
 * An endpoint URL: a string of 1 to 2048 characters without spaces or control characters that parses as a URL,
 * and that the sender accepts (scheme, and every address its host resolves to). Kept as sent, trimmed.
 */
export async function readWebhookUrl(sender: WebhookSender, raw: unknown): Promise<Result<string, InputIssue>> {
  const problem = (message: string) => err({ path: "/url", message });
  if (typeof raw !== "string" || raw.trim() === "") return problem("must be an https: URL");
  const url = raw.trim();
  if (url.length > MAX_WEBHOOK_URL_LENGTH) return problem(`must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`);
  if (/\s/.test(url) || findUnsafeCharacter(url)) return problem("must not contain spaces or control characters");
  if (!URL.canParse(url)) return problem("must be an absolute URL, such as https://example.com/webhooks");
  const refused = await sender.checkTarget(url);
  return refused === undefined ? ok(url) : problem(refused);
}

/** `null` or absent: every type (null); otherwise a non-empty array of distinct event types. */
export function readWebhookEvents(raw: unknown): Result<readonly EventType[] | null, InputIssue> {
  if (raw === undefined || raw === null) return ok(null);
  const problem = err({ path: "/events", message: "must be null (every type) or a non-empty array of distinct event types" });
  if (!Array.isArray(raw) || raw.length === 0) return problem;
  const unknown = raw.findIndex((type) => !isEventType(type));
  if (unknown !== -1) return err({ path: `/events/${unknown}`, message: "must be an event type (see the WebhookEventType enum)" });
  const repeated = raw.findIndex((type, index) => raw.indexOf(type) !== index);
  if (repeated !== -1) return err({ path: `/events/${repeated}`, message: "must not repeat a type" });
  return ok(raw as EventType[]);
}

/** Absent, null or blank: no description (""); otherwise the display-name rule (domain/display-name.ts) at up to 256 characters. */
export function readWebhookDescription(raw: unknown): Result<string, InputIssue> {
  if (raw === undefined || raw === null) return ok("");
  const tooLong = { path: "/description", message: `must be text of at most ${MAX_WEBHOOK_DESCRIPTION_LENGTH} characters` };
  if (typeof raw !== "string") return err(tooLong);
  // Blank is allowed here (a name must have 1 character); a blank of control characters is still refused below.
  if (raw.trim() === "" && !findUnsafeCharacter(raw)) return ok("");
  const checked = checkDisplayName(raw, MAX_WEBHOOK_DESCRIPTION_LENGTH, "/description");
  // Without a refused character the only failure left is the length, which this field words as "at most".
  return checked.ok || findUnsafeCharacter(raw) ? checked : err(tooLong);
}

/** `enabled` when sent: a boolean. */
export function readEnabled(raw: unknown): Result<boolean, InputIssue> {
  return typeof raw === "boolean" ? ok(raw) : err({ path: "/enabled", message: "must be true or false" });
}

/** The fields of a create or an update as sent (unknown types: each is checked here). */
export interface WebhookFieldsInput {
  readonly url?: unknown;
  readonly events?: unknown;
  readonly description?: unknown;
  readonly enabled?: unknown;
}

/** The checked values of the fields that were sent. */
export interface WebhookFields {
  readonly url?: string;
  readonly events?: readonly EventType[] | null;
  readonly description?: string;
  readonly enabled?: boolean;
}

/**
 * Checks each field present in `input` (a field absent from `present` is left out of the answer): all the problems
 * at once, so a form can mark every wrong field.
 */
export async function readWebhookFields(
  sender: WebhookSender, input: WebhookFieldsInput, present: ReadonlySet<keyof WebhookFieldsInput>,
): Promise<Result<WebhookFields, readonly InputIssue[]>> {
  const issues: InputIssue[] = [];
  const take = <T>(result: Result<T, InputIssue>): T | undefined => (result.ok ? result.value : (issues.push(result.error), undefined));
  const fields: { -readonly [K in keyof WebhookFields]: WebhookFields[K] } = {};
  if (present.has("events")) fields.events = take(readWebhookEvents(input.events));
  if (present.has("description")) fields.description = take(readWebhookDescription(input.description));
  if (present.has("enabled")) fields.enabled = take(readEnabled(input.enabled));
  if (present.has("url")) fields.url = take(await readWebhookUrl(sender, input.url));
  return issues.length > 0 ? err(issues) : ok(fields);
}
