/** The API key a request carries in `X-API-Key` or `Authorization: Bearer`, or undefined. */
export declare function readApiKey(headers: Headers): string | undefined;
