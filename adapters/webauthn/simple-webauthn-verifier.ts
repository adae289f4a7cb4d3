import type { AuthenticationResponseJSON, AuthenticatorTransport, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { RelyingParty } from "../../application/account-security-deps.ts";
import type { PasskeyUser, PasskeyVerifier, VerifiedCredential } from "../../application/passkey-verifier.ts";
import type { Passkey } from "../../domain/account.ts";
import { PASSKEY_CHALLENGE_TTL_MS } from "../../domain/passkey.ts";

const bytesOf = (base64url: string): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(base64url, "base64url"));
const transportsOf = (passkey: Passkey) => passkey.transports as AuthenticatorTransport[] | undefined;

/**
 * The library, loaded by the first ceremony: with its ASN.1 and X.509 dependencies it was the largest single part of
 * the server's start (≈ 200 ms of module loading on Node 20), for a feature most requests never touch.
 */
let library: Promise<typeof import("@simplewebauthn/server")> | undefined;
const webauthn = () => (library ??= import("@simplewebauthn/server"));

/**
 * The WebAuthn ceremonies with @simplewebauthn/server. Attestation "none": a passkey is trusted because its owner, signed
 * in, registered it, not for its make. The library throws for anything malformed or wrong; those become undefined.
 */
export class SimpleWebAuthnVerifier implements PasskeyVerifier {
  async registrationOptions(rp: RelyingParty, user: PasskeyUser, challenge: string, exclude: readonly Passkey[]): Promise<unknown> {
    const { generateRegistrationOptions } = await webauthn();
    return generateRegistrationOptions({
      rpID: rp.id, rpName: rp.name, userName: user.email, userID: new TextEncoder().encode(user.accountId),
      challenge: bytesOf(challenge), timeout: PASSKEY_CHALLENGE_TTL_MS, attestationType: "none",
      excludeCredentials: exclude.map((passkey) => ({ id: passkey.id, transports: transportsOf(passkey) })),
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });
  }

  async verifyRegistration(rp: RelyingParty, response: unknown, challenge: string): Promise<VerifiedCredential | undefined> {
    const { verifyRegistrationResponse } = await webauthn();
    const verified = await settle(() => verifyRegistrationResponse({
      response: response as RegistrationResponseJSON, expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.id,
      requireUserVerification: true,
    }));
    if (!verified?.verified) return undefined;
    const { credential } = verified.registrationInfo;
    return {
      id: credential.id, publicKey: Buffer.from(credential.publicKey).toString("base64url"), counter: credential.counter,
      ...(credential.transports ? { transports: [...credential.transports] } : {}),
    };
  }

  async authenticationOptions(rp: RelyingParty, challenge: string): Promise<unknown> {
    const { generateAuthenticationOptions } = await webauthn();
    return generateAuthenticationOptions({ rpID: rp.id, challenge: bytesOf(challenge), timeout: PASSKEY_CHALLENGE_TTL_MS, userVerification: "required" });
  }

  async verifyAuthentication(rp: RelyingParty, response: unknown, challenge: string, passkey: Passkey): Promise<{ counter: number } | undefined> {
    const { verifyAuthenticationResponse } = await webauthn();
    const verified = await settle(() => verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON, expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.id,
      requireUserVerification: true,
      credential: { id: passkey.id, publicKey: bytesOf(passkey.publicKey), counter: passkey.counter, transports: transportsOf(passkey) },
    }));
    return verified?.verified ? { counter: verified.authenticationInfo.newCounter } : undefined;
  }
}

/** The library's answer, or undefined when it threw: it throws for every malformed or failing response. */
async function settle<T>(run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch {
    return undefined;
  }
}
