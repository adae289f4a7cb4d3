import { type DomainError } from "../domain/errors.ts";
import { type Result } from "../domain/result.ts";
import { type SignedIn, type SignUpDeps } from "./sign-up.ts";
export interface SignInCommand {
    readonly email: unknown;
    readonly password: unknown;
    /** The client address, for the per-address attempt limit. */
    readonly ip: string;
    /** The token of a session the client already holds: it is destroyed, so sign-in always rotates the token. */
    readonly previousToken?: string;
}
/**
 * Checks an email and password and opens a new session. A wrong email and a wrong password give the same error
 * after the same work: an unknown email is checked against a dummy hash, so timing does not tell them apart.
 */
export declare class SignIn {
    private readonly deps;
    private dummyHash;
    private readonly serial;
    constructor(deps: SignUpDeps);
    execute(cmd: SignInCommand): Promise<Result<SignedIn, DomainError>>;
    private open;
    /** A hash made with the current parameters, so verifying against it costs what a real verification costs. */
    private dummy;
}
