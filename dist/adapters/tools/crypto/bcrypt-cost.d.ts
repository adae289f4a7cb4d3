/** The highest bcrypt cost the tools accept: each step doubles the work, and 31 would run for days. */
export declare const MAX_BCRYPT_COST = 14;
/** The lowest cost bcrypt itself allows. */
export declare const MIN_BCRYPT_COST = 4;
/** The two-digit cost of a `$2?$NN$…` salt or hash. */
export declare function readBcryptCost(saltOrHash: string): number;
/** Whether a cost read from a caller's salt or hash is inside the cap. */
export declare function isAllowedBcryptCost(cost: number): boolean;
