import { TOKENS } from "../../container.js";
export const PASSWORD = "correct horse battery";
/** The `name=value` part of a response's Set-Cookie, for sending back. */
export function cookieOf(response) {
    return (response.headers.get("set-cookie") ?? "").split(";")[0];
}
/** A session-API request: JSON body when given, the session cookie and CSRF header when a client is given. */
export function call(app, method, path, options = {}) {
    const headers = {};
    if (options.body !== undefined)
        headers["content-type"] = "application/json";
    if (options.client)
        headers.cookie = options.client.cookie;
    const csrf = options.csrf === undefined ? options.client?.csrf : options.csrf;
    if (csrf)
        headers["x-csrf-token"] = csrf;
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    return Promise.resolve(app.request(path, { method, headers, body }));
}
/** Signs up through the API and returns the signed-in client. */
export async function signUp(app, email) {
    const response = await call(app, "POST", "/api/v1/auth/sign-up", { body: { email, password: PASSWORD } });
    if (response.status !== 201)
        throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
    const { data } = await response.json();
    const cookie = cookieOf(response);
    const session = await (await app.request("/api/v1/auth/session", { headers: { cookie } })).json();
    return { cookie, csrf: data.csrfToken, accountId: data.account.id, workspaceId: session.data.workspace.id };
}
/** Creates a key in a workspace through the dashboard's use case (keys are not created over the session API). */
export async function createWorkspaceKey(test, client, name = "ci") {
    const result = await test.container.get(TOKENS.createWorkspaceKey).execute({
        accountId: client.accountId, workspaceId: client.workspaceId, name, env: "development",
    });
    if (!result.ok)
        throw new Error(result.error.message);
    return result.value;
}
