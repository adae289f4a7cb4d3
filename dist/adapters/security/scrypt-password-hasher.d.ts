import type { PasswordHasher } from "../../application/ports.ts";
/** scrypt's cost parameters: N = 2^logN, block size r, parallelism p. */
export interface ScryptCost {
    readonly logN: number;
    readonly r: number;
    readonly p: number;
}
/**
 * One of OWASP's equivalent scrypt minimums (N = 2^15, r = 8, p = 3): 32 MiB and about 0.5 s of one libuv thread
 * per hash on a small server. The 128 MiB variant (2^17, p = 1) would cost 4x the memory per concurrent sign-in.
 */
export declare const DEFAULT_SCRYPT_COST: ScryptCost;
/** Passwords hashed with node:crypto's async scrypt (libuv thread pool): `scrypt$logN$r$p$salt$key`, base64url. */
export declare class ScryptPasswordHasher implements PasswordHasher {
    private readonly cost;
    constructor(cost?: ScryptCost);
    hash(password: string): Promise<string>;
    verify(password: string, hash: string): Promise<boolean>;
}
