import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

// A software WebAuthn authenticator for tests over HTTP without a browser, written from the WebAuthn Level 2
// specification (authenticator data §6.1, "none" attestation §8.7, COSE EC2 keys, RFC 8152) rather than from the
// server's library, so a server bug is not mirrored here. Chromium's virtual authenticator covers the browser path.

type Cbor = number | string | Uint8Array | ReadonlyMap<Cbor, Cbor>;

function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 256) return Buffer.from([(major << 5) | 24, value]);
  if (value < 65_536) return Buffer.from([(major << 5) | 25, value >> 8, value & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(value, 1);
  return out;
}

/** Canonical-enough CBOR (RFC 8949) for the few types attestation objects use. */
export function encodeCbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value, "utf8")]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [encodeCbor(key), encodeCbor(item)])]);
}

const sha256 = (data: Uint8Array | string): Buffer => createHash("sha256").update(data).digest();
const b64 = (data: Uint8Array | string): string => Buffer.from(data).toString("base64url");
const UP = 0x01, UV = 0x04, AT = 0x40;

/** One credential held by the soft authenticator. */
export interface SoftCredential {
  readonly id: string;
  readonly privateKey: KeyObject;
  readonly userHandle: string;
  readonly rpId: string;
  counter: number;
}

interface CreationOptions { readonly challenge: string; readonly rp: { readonly id: string }; readonly user: { readonly id: string } }
interface RequestOptions { readonly challenge: string; readonly rpId: string }

/** Answers creation options as a platform authenticator would (user verified unless `userVerified: false`). */
export function createCredential(options: CreationOptions, origin: string, flags: { userVerified?: boolean; counter?: number } = {}) {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const cose = new Map<Cbor, Cbor>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x!, "base64url")], [-3, Buffer.from(jwk.y!, "base64url")]]);
  const rawId = randomBytes(16);
  const counter = flags.counter ?? 0;
  const authData = Buffer.concat([
    sha256(options.rp.id), Buffer.from([UP | (flags.userVerified === false ? 0 : UV) | AT]), u32(counter),
    Buffer.alloc(16), Buffer.from([rawId.length >> 8, rawId.length & 0xff]), rawId, encodeCbor(cose),
  ]);
  const clientDataJSON = JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin, crossOrigin: false });
  const attestationObject = encodeCbor(new Map<Cbor, Cbor>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]));
  const credential: SoftCredential = { id: b64(rawId), privateKey, userHandle: options.user.id, rpId: options.rp.id, counter };
  const response = {
    id: credential.id, rawId: credential.id, type: "public-key", authenticatorAttachment: "platform", clientExtensionResults: {},
    response: { clientDataJSON: b64(clientDataJSON), attestationObject: b64(attestationObject), transports: ["internal"] },
  };
  return { credential, response };
}

/** Answers request options with `credential`, counting up first (set `counter` to replay an old count). */
export function getAssertion(credential: SoftCredential, options: RequestOptions, origin: string, flags: { userVerified?: boolean; counter?: number } = {}) {
  credential.counter = flags.counter ?? credential.counter + 1;
  const authData = Buffer.concat([sha256(options.rpId), Buffer.from([UP | (flags.userVerified === false ? 0 : UV)]), u32(credential.counter)]);
  const clientDataJSON = JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin, crossOrigin: false });
  const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
  return {
    id: credential.id, rawId: credential.id, type: "public-key", authenticatorAttachment: "platform", clientExtensionResults: {},
    response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(authData), signature: b64(signature), userHandle: credential.userHandle },
  };
}

function u32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value);
  return out;
}
