/** Which peers' `X-Forwarded-For` / `X-Forwarded-Proto` are believed (the TRUST_PROXY setting, parsed). */
export interface TrustProxy {
    /** The setting as given, for logs ("" = trust no proxy). */
    readonly source: string;
    /** Whether a peer at this address is a proxy whose forwarded headers are believed. */
    trusts(address: string | undefined): boolean;
}
export declare const TRUST_NO_PROXY: TrustProxy;
/**
 * Parses TRUST_PROXY: empty (trust no proxy), or a comma-separated list of `loopback`, `linklocal`,
 * `uniquelocal`, IP addresses and CIDR ranges (IPv4 or IPv6). Undefined when any entry is not one of those.
 */
export declare function parseTrustProxy(raw: string): TrustProxy | undefined;
/**
 * The client's address: the peer itself, unless the peer is a trusted proxy; then `X-Forwarded-For` is read
 * from the right, skipping trusted proxies, and the first untrusted hop is the client (a client cannot
 * spoof its way past the proxies it passed through by writing its own `X-Forwarded-For`).
 */
export declare function clientAddress(peer: string | undefined, forwardedFor: string | null, trust: TrustProxy): string | undefined;
/** Whether the request reached us over HTTPS, directly or as a trusted proxy says (`X-Forwarded-Proto`). */
export declare function isHttps(protocol: string, peer: string | undefined, forwardedProto: string | null, trust: TrustProxy): boolean;
