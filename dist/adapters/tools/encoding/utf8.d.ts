/** Decodes strict UTF-8; undefined when the bytes are not valid UTF-8. */
export declare function decodeUtf8(bytes: Uint8Array): string | undefined;
