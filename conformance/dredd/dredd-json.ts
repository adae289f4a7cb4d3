/**
 * JSON text that Dredd's YAML-based parser reads back with the same values: YAML 1.1 takes `5e-324` (an exponent
 * without a dot, as JSON.stringify writes it) for a string, so such numbers are written `5.0e-324`.
 */
export function toDreddJson(value: unknown): string {
  if (typeof value === "number") {
    const text = JSON.stringify(value);
    return /e/i.test(text) && !text.includes(".") ? text.replace(/e/i, ".0e") : text;
  }
  if (Array.isArray(value)) return `[${value.map(toDreddJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const members = Object.entries(value).filter(([, member]) => member !== undefined);
    return `{${members.map(([key, member]) => `${JSON.stringify(key)}:${toDreddJson(member)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
