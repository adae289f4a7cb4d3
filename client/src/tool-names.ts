/**
 * Function names as OpenAI and Anthropic accept them: `^[a-zA-Z0-9_-]{1,64}$`. A pack tool's id
 * (`example.reverse-text`) has a `.`, written as `__`; the catalog's ids never hold `__`, so the mapping is injective
 * and `toToolId` undoes it. An id that could not come back unchanged is refused rather than sent under a wrong name.
 */
export const MODEL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

export function toModelName(toolId: string): string {
  const name = toolId.replaceAll(".", "__");
  if (!MODEL_NAME.test(name) || toToolId(name) !== toolId) {
    throw new TypeError(`Tool id ${JSON.stringify(toolId)} has no function name that model APIs accept and that maps back to it`);
  }
  return name;
}

export function toToolId(name: string): string {
  return name.replaceAll("__", ".");
}
