/** The highest bcrypt cost the tools accept: each step doubles the work, and 31 would run for days. */
export const MAX_BCRYPT_COST = 14;

/** The lowest cost bcrypt itself allows. */
export const MIN_BCRYPT_COST = 4;

/** The two-digit cost of a `$2?$NN$…` salt or hash. */
export function readBcryptCost(saltOrHash: string): number {
  return Number.parseInt(saltOrHash.slice(4, 6), 10);
}

/** Whether a cost read from a caller's salt or hash is inside the cap. */
export function isAllowedBcryptCost(cost: number): boolean {
  return cost >= MIN_BCRYPT_COST && cost <= MAX_BCRYPT_COST;
}

/** The two-digit costs MIN…MAX as a pattern, so the salt and hash schemas state the cap too. */
export const COST_PATTERN = `(?:${Array.from({ length: MAX_BCRYPT_COST - MIN_BCRYPT_COST + 1 }, (_, index) => String(MIN_BCRYPT_COST + index).padStart(2, "0")).join("|")})`;
