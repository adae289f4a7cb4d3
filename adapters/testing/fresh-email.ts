import { randomBytes } from "node:crypto";

/** An address no earlier run used (`ada-1f2e3d4c@example.com`): a sign-up meets no 409 on a store that outlives the run. */
export const freshEmail = (label: string): string => `${label}-${randomBytes(4).toString("hex")}@example.com`;
