/** How long one request may take before it counts as failed (a tool may run up to its time cap first). */
const REQUEST_TIMEOUT_MS = 30_000;
/** Sends one case's request to `baseUrl` (the origin; paths are under /api/v1) and reads the whole answer. */
export async function send(baseUrl, testCase, credentials) {
    const headers = { accept: "application/json", ...credentials[testCase.auth] };
    let body;
    if (testCase.body) {
        headers["content-type"] = testCase.body.type;
        body = typeof testCase.body.value === "string" ? testCase.body.value : JSON.stringify(testCase.body.value);
    }
    const response = await fetch(`${baseUrl}/api/v1${testCase.path}`, {
        method: testCase.method,
        headers,
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
}
