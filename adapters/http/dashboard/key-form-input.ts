import { checkKeyName, type CreateKeyCommand } from "../../../application/create-key.ts";
import type { InstalledPack } from "../../../domain/tool-pack.ts";
import { field } from "./form.ts";

/** A tool the create form offers to limit a key to. */
export interface ToolChoice {
  readonly id: string;
  readonly name: string;
  readonly category: string;
  readonly description: string;
}

/** What a key may be limited to: the server's tools (the catalog of GET /tools first, then installed packs) and their categories. */
export interface ToolChoices {
  readonly tools: readonly ToolChoice[];
  readonly categories: readonly string[];
}

/** The expiry choices of the form: the select's value and its label ("date": the date field applies). */
export const EXPIRY_CHOICES: readonly (readonly [string, string])[] = [
  ["", "Never"], ["7", "In 7 days"], ["30", "In 30 days"], ["90", "In 90 days"], ["date", "On a date…"],
];

/** The create form as submitted: shown again, as entered, beside its problems after a refusal. */
export interface KeyFormValues {
  readonly name: string;
  readonly env: string;
  readonly limit: string;
  readonly window: string;
  readonly expires: string;
  readonly expiresOn: string;
  readonly tools: readonly string[];
  readonly categories: readonly string[];
}

/** The CreateWorkspaceKey fields the form decides, beyond name and environment. */
export type KeyFormCommand = Pick<CreateKeyCommand, "limit" | "windowSeconds" | "expiresInSeconds" | "expiresAt" | "scopes">;

/** Field name → message, in the form's own field names. */
export type FieldErrors = Readonly<Record<string, string>>;

/** Every installed pack's tools (the built-in catalog first, as GET /tools lists it) and their categories, in order. */
export function toolChoicesOf(packs: readonly InstalledPack[] | undefined): ToolChoices {
  const tools = (packs ?? []).flatMap((pack) => pack.tools.map(({ id, name, category, description }) => ({ id, name, category, description })));
  return { tools, categories: [...new Set(tools.map((tool) => tool.category))] };
}

/** The create form's fields; checked boxes (`tools`, `categories`) as lists without blanks or repeats. */
export function readKeyForm(form: URLSearchParams): KeyFormValues {
  const list = (name: string) => [...new Set(form.getAll(name).map((value) => value.trim()).filter((value) => value !== ""))];
  return {
    name: field(form, "name"), env: field(form, "env"), limit: field(form, "limit"), window: field(form, "window"),
    expires: field(form, "expires"), expiresOn: field(form, "expiresOn"), tools: list("tools"), categories: list("categories"),
  };
}

/**
 * The form's values as CreateKey fields, or the problems only the form can see (an unknown tool, a missing date).
 * Limits and ranges are left to CreateKey, which reports them too.
 */
export function toKeyCommand(values: KeyFormValues, choices: ToolChoices): { command: KeyFormCommand; errors: FieldErrors } {
  const errors: Record<string, string> = {};
  const expiry = toExpiry(values);
  if (typeof expiry === "string") errors.expires = expiry;
  const unknownTools = values.tools.filter((id) => !choices.tools.some((tool) => tool.id === id));
  if (unknownTools.length > 0) errors.tools = `${plural(unknownTools.length, "Unknown tool")}: ${unknownTools.join(", ")}. Choose from this server's tools.`;
  const unknownCategories = values.categories.filter((category) => !choices.categories.includes(category));
  if (unknownCategories.length > 0) errors.categories = `${plural(unknownCategories.length, "Unknown category")}: ${unknownCategories.join(", ")}. Choose from the list.`;
  const scoped = values.tools.length + values.categories.length > 0;
  const command: KeyFormCommand = {
    limit: toWholeNumber(values.limit), windowSeconds: toWholeNumber(values.window),
    ...(typeof expiry === "object" ? expiry : {}),
    scopes: scoped ? { tools: values.tools, categories: values.categories } : null,
  };
  return { command, errors };
}

/** The name's problem, so that a refusal by the form names every field at once, as CreateKey's would. */
export function nameError(name: string): string | undefined {
  const checked = checkKeyName(name);
  return checked.ok ? undefined : toSentence(checked.error.message);
}

/** CreateKey's issue paths as the form's field names. */
const FIELD_OF_PATH: Record<string, string> = {
  "/windowSeconds": "window", "/expiresInSeconds": "expires", "/expiresAt": "expires", "/scopes": "tools", "/scopes/tools": "tools", "/scopes/categories": "categories",
};

/** CreateKey's invalid_input details as field errors of this form. */
export function toFieldErrors(details: readonly { readonly path: string; readonly message: string }[]): FieldErrors {
  return Object.fromEntries(details.map((issue) => [FIELD_OF_PATH[issue.path] ?? issue.path.slice(1), toSentence(issue.message)]));
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Seconds from now, an epoch-ms date (00:00 UTC of the day chosen), nothing, or the problem. */
function toExpiry(values: KeyFormValues): Pick<KeyFormCommand, "expiresInSeconds" | "expiresAt"> | string | undefined {
  if (values.expires === "date") {
    const match = DATE.exec(values.expiresOn);
    const at = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
    if (!match || new Date(at).toISOString().slice(0, 10) !== values.expiresOn) return "Choose the date the key stops working.";
    return { expiresAt: at };
  }
  // Without JavaScript both fields show: a date typed beside another choice is ambiguous, so it is asked about.
  if (values.expiresOn !== "") return "Choose “On a date…” to use the date entered, or clear the date.";
  if (values.expires === "") return undefined;
  const days = EXPIRY_CHOICES.some(([value]) => value === values.expires) ? Number(values.expires) : Number.NaN;
  return Number.isInteger(days) ? { expiresInSeconds: days * 86_400 } : "Choose one of the expiry options.";
}

/** An empty field means "the default"; anything else must parse, or CreateKey reports it. */
const toWholeNumber = (raw: string): number | undefined => (raw === "" ? undefined : /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN);

const plural = (count: number, text: string): string => (count === 1 ? text : text.replace(/y$/, "ie") + "s");

const toSentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1) + (text.endsWith(".") ? "" : ".");
