/** The bytes of an even-length hex string, or undefined when it is not one. */
export declare function decodeHex(text: string): Buffer | undefined;
/** The bytes of padded standard base64, or undefined: Buffer.from would silently skip bad characters. */
export declare function decodeBase64(text: string): Buffer | undefined;
/** Strict UTF-8 decoding, or undefined when the bytes are not valid UTF-8. */
export declare function decodeUtf8(bytes: Uint8Array): string | undefined;
