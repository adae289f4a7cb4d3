/** What the runner set up through the public API before Dredd starts (only when it may create accounts). */
export interface SessionFixture {
  /** An account signed in twice: "session" and "second-session" (the one sign-out ends). */
  readonly email: string;
  readonly password: string;
  readonly workspaceId: string;
  /** A workspace of this account made for the rename case. */
  readonly extraWorkspaceId: string;
  /** A workspace of another account: 403 forbidden. */
  readonly foreignWorkspaceId: string;
  /** A key of `workspaceId` to revoke, when the target lets the runner make one. */
  readonly revocableKeyId?: string;
  /** A fresh address for the sign-up case. */
  readonly newEmail: string;
}
