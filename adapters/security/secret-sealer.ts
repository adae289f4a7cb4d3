import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

// Secrets the server must use again (TOTP, webhook signing) cannot be hashed: they are sealed with AES-256-GCM instead.
// Stored form: enc:v1:<key id>:<base64url(iv ‖ ciphertext ‖ tag)>. A plain TOTP secret (base32) or webhook secret
// (whsec_…) never starts with "enc:", so values stored before ENCRYPTION_KEY was set are told apart without a flag.

const PREFIX = "enc:";
const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
// Part of the key id's hash, so the id names the key without being a hash of the key alone.
const KEY_ID_LABEL = "tool-execution-api sealing key id\0";

/** Thrown when a sealed secret cannot be opened: its message names ENCRYPTION_KEY and the key id, never a value. */
export class SealedSecretError extends Error {
  override readonly name = "SealedSecretError";
}

interface SealingKey {
  readonly id: string;
  readonly key: Uint8Array;
}

/** One key's bytes from its text (base64, 44 characters, or hex, 64 characters); undefined when it is not 32 bytes so written. */
export function readEncryptionKey(text: string): Uint8Array | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, "hex");
  if (!/^[A-Za-z0-9+/]{43}=$/.test(trimmed)) return undefined;
  const bytes = Buffer.from(trimmed, "base64");
  return bytes.length === KEY_BYTES ? bytes : undefined;
}

/**
 * The 1-based positions of the entries of a comma-separated ENCRYPTION_KEY that are not keys (an empty list when all
 * are): a message can then point at the bad entry without showing it.
 */
export function findMalformedKeys(keys: readonly string[]): number[] {
  return keys.flatMap((text, index) => (readEncryptionKey(text) ? [] : [index + 1]));
}

/** A short public name for a key (8 hex digits), stored beside each value it seals so opening needs no trial. */
export function keyIdOf(key: Uint8Array): string {
  return createHash("sha256").update(KEY_ID_LABEL).update(key).digest("hex").slice(0, 8);
}

/**
 * Seals and opens secrets with the keys of ENCRYPTION_KEY: the first seals, every one opens. `context` (the owner and
 * field, e.g. `account:<id>:totp`) is authenticated with the value, so a sealed value moved to another record or field
 * does not open. With no key, values are stored as they are and a sealed one fails to open.
 */
export class SecretSealer {
  private readonly keys: readonly SealingKey[];

  /** Throws (naming `name` and the entry's position, never its text) when an entry is not a key. */
  constructor(keyTexts: readonly string[] = [], name = "ENCRYPTION_KEY") {
    const malformed = findMalformedKeys(keyTexts);
    if (malformed.length > 0) throw new Error(malformedKeysMessage(name, malformed, keyTexts.length));
    this.keys = keyTexts.map((text) => {
      const key = readEncryptionKey(text) as Uint8Array;
      return { id: keyIdOf(key), key };
    });
  }

  /** Whether new values are sealed (a key is configured). */
  get sealing(): boolean {
    return this.keys.length > 0;
  }

  /** The stored form of `plain` for `context`: sealed with the first key, a fresh IV each time; `plain` itself with no key. */
  seal(plain: string, context: string): string {
    const first = this.keys[0];
    if (!first) return plain;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", first.key, iv, { authTagLength: TAG_BYTES }).setAAD(Buffer.from(context, "utf8"));
    const sealed = Buffer.concat([iv, cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
    return `${PREFIX}${VERSION}:${first.id}:${sealed.toString("base64url")}`;
  }

  /** The plain secret of a stored value: a value stored unsealed is returned as it is. Throws SealedSecretError when it cannot open. */
  open(stored: string, context: string): string {
    const parts = sealedParts(stored);
    if (parts === undefined) return stored;
    if (parts === null) {
      throw new SealedSecretError(`the secret of ${context} is stored in a sealed form this version does not read (expected ${PREFIX}${VERSION}:<key id>:<data>)`);
    }
    const { keyId, data } = parts;
    const match = this.keys.find((candidate) => candidate.id === keyId);
    if (!match) throw new SealedSecretError(missingKeyMessage(context, keyId, this.keys));
    const bytes = Buffer.from(data, "base64url");
    try {
      const decipher = createDecipheriv("aes-256-gcm", match.key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES })
        .setAAD(Buffer.from(context, "utf8"))
        .setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString("utf8");
    } catch {
      throw new SealedSecretError(
        `the secret of ${context} did not open with ENCRYPTION_KEY's key ${keyId}: it was altered, or copied from another record or field`,
      );
    }
  }
}

/** A stored value's key id and data; undefined for a value stored plain, null for a sealed form this version does not read. */
function sealedParts(stored: string): { keyId: string; data: string } | null | undefined {
  if (!stored.startsWith(PREFIX)) return undefined;
  const parts = stored.split(":");
  const [, version, keyId, data] = parts;
  return parts.length === 4 && version === VERSION && keyId && data ? { keyId, data } : null;
}

/** The key id a stored secret is sealed with; null for a value stored plain; "unknown" for a sealed form this version does not read. */
export function sealedKeyIdOf(stored: string): string | null {
  const parts = sealedParts(stored);
  return parts === undefined ? null : (parts?.keyId ?? "unknown");
}

function missingKeyMessage(context: string, keyId: string, keys: readonly SealingKey[]): string {
  const listed = keys.length === 0 ? "ENCRYPTION_KEY is not set" : `ENCRYPTION_KEY lists only key${keys.length > 1 ? "s" : ""} ${keys.map((key) => key.id).join(", ")}`;
  return `the secret of ${context} is sealed with key ${keyId} and ${listed}: list that key in ENCRYPTION_KEY (after the new one, if any)`;
}

/** The message for entries of `name` (ENCRYPTION_KEY, or the core's encryptionKeys) that are not keys; never their text. */
export function malformedKeysMessage(name: string, positions: readonly number[], count: number): string {
  const which = count === 1 ? "it is" : `entr${positions.length > 1 ? "ies" : "y"} ${positions.join(", ")} of ${count} ${positions.length > 1 ? "are" : "is"}`;
  return `${name} is invalid (value not shown: it is a secret): ${which} not 32 bytes written as base64 (44 characters) or hex (64 characters); make one with: openssl rand -base64 32`;
}
