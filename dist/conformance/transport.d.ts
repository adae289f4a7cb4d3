import type { Answer } from "./response-check.ts";
import type { Auth, ConformanceCase } from "./expectations.ts";
/** The headers each kind of credentials adds to a request. */
export type Credentials = Record<Auth, Record<string, string>>;
/** Sends one case's request to `baseUrl` (the origin; paths are under /api/v1) and reads the whole answer. */
export declare function send(baseUrl: string, testCase: ConformanceCase, credentials: Credentials): Promise<Answer>;
