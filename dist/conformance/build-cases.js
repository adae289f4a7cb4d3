import { coreCases, genericExecuteCases, toolCases } from "./api-cases.js";
import { unknownKey } from "./prepare.js";
import { anonymousSessionCases, signedInCases } from "./session-cases.js";
/** Every example and error case the served document implies, in the order they must run (sign-out last). */
export function exampleCases(inputs) {
    const { document, fixture, target } = inputs;
    const options = {
        document,
        tools: inputs.tools,
        clientOnlyTool: inputs.clientOnlyTool,
        maxBodyBytes: inputs.maxBodyBytes,
        skipRateLimited: target.rateLimitedKey ? undefined : "no --rate-limited-key given",
    };
    const noAccounts = "the run may not create accounts here (add --sign-up)";
    const placeholder = { email: "", password: "", workspaceId: "x", extraWorkspaceId: "x", foreignWorkspaceId: "x", newEmail: "" };
    const signedIn = signedInCases(document, fixture ?? placeholder, fixture?.revocableKeyId ? undefined : "needs a key in the workspace (made only on a self-booted server)");
    return [
        ...coreCases(options),
        ...genericExecuteCases(options),
        ...toolCases(options),
        ...anonymousSessionCases(document),
        ...signedIn.map((testCase) => (fixture || testCase.skip ? testCase : { ...testCase, skip: noAccounts })),
    ];
}
/** The headers of each kind of credentials for this run. */
export function credentialsFor(target, sessions) {
    const session = (credentials, csrf = true) => credentials ? { Cookie: credentials.cookie, ...(csrf ? { "X-CSRF-Token": credentials.csrfToken } : {}) } : {};
    return {
        key: { "X-API-Key": target.apiKey },
        bearer: { Authorization: `Bearer ${target.apiKey}` },
        none: {},
        malformed: { "X-API-Key": "tk_dev_not-a-key" },
        unknown: { Authorization: `Bearer ${unknownKey()}` },
        limited: target.rateLimitedKey ? { "X-API-Key": target.rateLimitedKey } : {},
        session: session(sessions?.first),
        "session-no-csrf": session(sessions?.first, false),
        "second-session": session(sessions?.second),
    };
}
/** A client-only tool id from the served catalog (GET /tools), for the client_only_tool cases. */
export async function findClientOnlyTool(baseUrl) {
    try {
        const response = await fetch(`${baseUrl}/api/v1/tools`);
        const body = (await response.json());
        const found = body.data?.tools?.find((tool) => tool.clientOnly === true && typeof tool.id === "string");
        return found?.id;
    }
    catch {
        // Without a catalog answer the client-only cases are left out; GET /tools's own case reports the problem.
        return undefined;
    }
}
