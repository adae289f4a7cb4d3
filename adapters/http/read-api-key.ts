/** The API key a request carries in `X-API-Key` or `Authorization: Bearer`, or undefined. */
export function readApiKey(headers: Headers): string | undefined {
  return apiKeyOf(headers.get("x-api-key"), headers.get("authorization"));
}

/** The same from the two header values themselves (node:http's `req.headers`, lean-execute.ts). */
export function apiKeyOf(xApiKey: string | null | undefined, authorization: string | null | undefined): string | undefined {
  if (xApiKey) return xApiKey.trim();
  if (!authorization) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match ? match[1] : undefined;
}
