/** The highest bcrypt cost the tools accept: each step doubles the work, and 31 would run for days. */
export const MAX_BCRYPT_COST = 14;
/** The lowest cost bcrypt itself allows. */
export const MIN_BCRYPT_COST = 4;
/** The two-digit cost of a `$2?$NN$…` salt or hash. */
export function readBcryptCost(saltOrHash) {
    return Number.parseInt(saltOrHash.slice(4, 6), 10);
}
/** Whether a cost read from a caller's salt or hash is inside the cap. */
export function isAllowedBcryptCost(cost) {
    return cost >= MIN_BCRYPT_COST && cost <= MAX_BCRYPT_COST;
}
