import type { Auth, ConformanceCase } from "./expectations.ts";
import type { HttpClient } from "./http-client.ts";
import type { Answer } from "./response-check.ts";

/** The headers each kind of credentials adds to a request. */
export type Credentials = Record<Auth, Record<string, string>>;

/**
 * Sends one case's request to `baseUrl` (the origin; paths are under /api/v1) and reads the whole answer, within
 * the client's time and size bounds. A redirect is the answer (judged like any other status), never followed.
 */
export async function send(http: HttpClient, baseUrl: string, testCase: ConformanceCase, credentials: Credentials): Promise<Answer> {
  const headers: Record<string, string> = { accept: "application/json", ...credentials[testCase.auth] };
  let body: string | undefined;
  if (testCase.body) {
    headers["content-type"] = testCase.body.type;
    body = typeof testCase.body.value === "string" ? testCase.body.value : JSON.stringify(testCase.body.value);
  }
  return http.send({ method: testCase.method, url: `${baseUrl}/api/v1${testCase.path}`, headers, body });
}
