import type { DocumentTool } from "./document-tools.ts";
import type { ConformanceCase, Document } from "./expectations.ts";
import { type SessionCredentials } from "./prepare.ts";
import { type SessionFixture } from "./session-cases.ts";
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
export declare function exampleCases(inputs: CaseInputs): ConformanceCase[];
/** The headers of each kind of credentials for this run. */
export declare function credentialsFor(target: Target, sessions: {
    first: SessionCredentials;
    second: SessionCredentials;
} | undefined): Credentials;
/** A client-only tool id from the served catalog (GET /tools), for the client_only_tool cases. */
export declare function findClientOnlyTool(baseUrl: string): Promise<string | undefined>;
