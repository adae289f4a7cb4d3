import Keyv from "keyv";

/** Keyv's own codec (the default serializer every store here uses), to read raw entries as Keyv would. */
const codec = new Keyv();

/** A raw Keyv entry as its value and expiry (epoch ms, when it has one); undefined when it holds no value. */
export async function decodeKeyvEntry(raw: string): Promise<{ value: unknown; expiresAt?: number } | undefined> {
  const stored = await codec.deserialize?.<unknown>(raw);
  if (stored?.value === undefined) return undefined;
  return typeof stored.expires === "number" ? { value: stored.value, expiresAt: stored.expires } : { value: stored.value };
}
