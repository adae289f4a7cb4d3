/** Even-length hex, as decodeHex reads it; schemas state it with `HEX.source`. */
export const HEX = /^(?:[0-9a-fA-F]{2})*$/;
/** Padded standard base64, as decodeBase64 reads it. */
export const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The bytes of an even-length hex string, or undefined when it is not one. */
export function decodeHex(text: string): Buffer | undefined {
  return HEX.test(text) ? Buffer.from(text, "hex") : undefined;
}

/** The bytes of padded standard base64, or undefined: Buffer.from would silently skip bad characters. */
export function decodeBase64(text: string): Buffer | undefined {
  return BASE64.test(text) ? Buffer.from(text, "base64") : undefined;
}

/** Strict UTF-8 decoding, or undefined when the bytes are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
