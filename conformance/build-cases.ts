import { coreCases, genericExecuteCases, toolCases } from "./api-cases.ts";
import type { DocumentTool } from "./document-tools.ts";
import type { ConformanceCase, Document } from "./expectations.ts";
import type { HttpClient } from "./http-client.ts";
import { RunFailure } from "./limits.ts";
import { type SessionCredentials, unknownKey } from "./prepare.ts";
import { anonymousSessionCases, signedInCases } from "./session-cases.ts";
import type { SessionFixture } from "./session-fixture.ts";
import type { Target } from "./target.ts";
import type { Credentials } from "./transport.ts";

export interface CaseInputs {
  readonly document: Document;
  readonly tools: readonly DocumentTool[];
  readonly clientOnlyTool?: string;
  readonly maxBodyBytes: number;
  readonly target: Target;
  readonly fixture?: SessionFixture;
}

/** Every example and error case the served document implies, in the order they must run (sign-out last). */
export function exampleCases(inputs: CaseInputs): ConformanceCase[] {
  const { document, fixture, target } = inputs;
  const options = {
    document,
    tools: inputs.tools,
    clientOnlyTool: inputs.clientOnlyTool,
    maxBodyBytes: inputs.maxBodyBytes,
    skipRateLimited: target.rateLimitedKey ? undefined : "no --rate-limited-key given",
  };
  const noAccounts = "the run may not create accounts here (add --sign-up)";
  const placeholder: SessionFixture = { email: "", password: "", workspaceId: "x", extraWorkspaceId: "x", foreignWorkspaceId: "x", newEmail: "" };
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
export function credentialsFor(target: Target, sessions: { first: SessionCredentials; second: SessionCredentials } | undefined): Credentials {
  const session = (credentials: SessionCredentials | undefined, csrf = true): Record<string, string> =>
    credentials ? { Cookie: credentials.cookie, ...(csrf ? { "X-CSRF-Token": credentials.csrfToken } : {}) } : {};
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
export async function findClientOnlyTool(baseUrl: string, http: HttpClient): Promise<string | undefined> {
  try {
    const answer = await http.send({ method: "GET", url: `${baseUrl}/api/v1/tools`, headers: { accept: "application/json" } });
    const body = (answer.status === 200 ? JSON.parse(answer.text) : {}) as { data?: { tools?: { id?: unknown; clientOnly?: unknown }[] } };
    const found = body.data?.tools?.find((tool) => tool.clientOnly === true && typeof tool.id === "string");
    return found?.id as string | undefined;
  } catch (error) {
    // A bound passed ends the run. Without a catalog answer the client-only cases are left out; GET /tools's own
    // case reports the problem.
    if (error instanceof RunFailure) throw error;
    return undefined;
  }
}
