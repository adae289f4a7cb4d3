import { hashSessionToken } from "../domain/session.ts";
import type { SessionStore } from "./ports.ts";

export interface SignOutCommand {
  /** The session token from the cookie; signing out without one does nothing. */
  readonly token: string | undefined;
}

/** Destroys the session server-side, so the token is worthless even if a copy of the cookie survives. */
export class SignOut {
  constructor(private readonly deps: { sessions: SessionStore }) {}

  async execute(cmd: SignOutCommand): Promise<void> {
    if (cmd.token) await this.deps.sessions.delete(hashSessionToken(cmd.token));
  }
}
