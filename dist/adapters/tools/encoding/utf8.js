// ignoreBOM keeps a leading U+FEFF in the text instead of silently dropping it.
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
/** Decodes strict UTF-8; undefined when the bytes are not valid UTF-8. */
export function decodeUtf8(bytes) {
    try {
        return decoder.decode(bytes);
    }
    catch {
        return undefined;
    }
}
