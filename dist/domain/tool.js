/** Declares a server tool; `clientOnly: false` is filled in. */
export function defineTool(tool) {
    return { ...tool, clientOnly: false };
}
/** Title-cases a kebab-case id: "hash-text" → "Hash Text". */
export function toToolName(id) {
    return id.split("-").map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(" ");
}
