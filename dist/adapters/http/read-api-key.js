/** The API key a request carries in `X-API-Key` or `Authorization: Bearer`, or undefined. */
export function readApiKey(headers) {
    const header = headers.get("x-api-key");
    if (header)
        return header.trim();
    const authorization = headers.get("authorization");
    if (!authorization)
        return undefined;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return match ? match[1] : undefined;
}
