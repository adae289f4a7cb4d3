const REDACTED = "[redacted]";
// An encoded form shorter than this could match ordinary text; the plain secret is removed at any length.
const MIN_ENCODED_LENGTH = 8;
// Deeper than any error answer needs; past it, data is dropped rather than walked.
const MAX_DEPTH = 32;

/**
 * Removes one secret (the API key) from what a server or a fetch hands back: the plain text, its URL-encoded
 * forms and its base64 and base64url forms at every byte alignment (so it is also caught inside a longer
 * encoded string such as a Basic credential).
 */
export class Redactor {
  readonly #forms: readonly string[];

  constructor(secret: string | undefined) {
    this.#forms = secret ? formsOf(secret) : [];
  }

  /** `text` with every form of the secret replaced by `[redacted]`. */
  text(text: string): string {
    return this.#forms.reduce((out, form) => (out.includes(form) ? out.split(form).join(REDACTED) : out), text);
  }

  /** JSON data (a parsed answer) with every string and property name redacted. */
  data(value: unknown, depth = 0): unknown {
    if (typeof value === "string") return this.text(value);
    if (typeof value !== "object" || value === null) return value;
    if (depth >= MAX_DEPTH) return null;
    if (Array.isArray(value)) return value.map((item) => this.data(item, depth + 1));
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [this.text(name), this.data(item, depth + 1)]));
  }

  /** The error itself when nothing in it (message, stack, properties, causes) holds the secret; else a redacted copy. */
  cause(error: unknown): unknown {
    if (!this.#mentions(error, 0)) return error;
    const message = error instanceof Error ? error.message : String(error);
    const copy = new Error(this.text(message));
    if (error instanceof Error) copy.name = this.text(error.name);
    return copy;
  }

  #mentions(value: unknown, depth: number): boolean {
    if (typeof value === "string") return this.text(value) !== value;
    if (typeof value !== "object" || value === null) return false;
    // Too deep to check is treated as holding it: the copy is safe either way.
    if (depth >= MAX_DEPTH) return true;
    return Object.getOwnPropertyNames(value).some((name) => this.text(name) !== name || this.#mentions(readProperty(value, name), depth + 1));
  }
}

function readProperty(value: object, name: string): unknown {
  try {
    return (value as Record<string, unknown>)[name];
  } catch {
    return undefined;
  }
}

/** The secret's forms, longest first so a longer form is replaced before a shorter one inside it. */
function formsOf(secret: string): string[] {
  const encoded = [encodeURIComponent(secret), encodeURIComponent(secret).replace(/%20/g, "+"), encodeURI(secret), ...base64Cores(secret)];
  const forms = new Set([secret, ...encoded.filter((form) => form.length >= MIN_ENCODED_LENGTH)]);
  return [...forms].sort((a, b) => b.length - a.length);
}

/**
 * For each of the three byte alignments, the run of base64 characters that depends on the secret's bytes
 * alone: any base64 text holding the secret at that alignment contains it.
 */
function base64Cores(secret: string): string[] {
  const bytes = new TextEncoder().encode(secret);
  return [0, 1, 2].flatMap((shift) => {
    const shifted = new Uint8Array(shift + bytes.length);
    shifted.set(bytes, shift);
    let binary = "";
    for (const byte of shifted) binary += String.fromCharCode(byte);
    // The first group mixes in the bytes before the secret, the last partial group those after it.
    const core = btoa(binary).slice(shift === 0 ? 0 : 4, Math.floor(shifted.length / 3) * 4);
    return [core, core.replace(/\+/g, "-").replace(/\//g, "_")];
  });
}
