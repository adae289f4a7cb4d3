import ipaddr from "ipaddr.js";
/** Names accepted in TRUST_PROXY for whole address ranges (as ipaddr.js names them, per address family). */
const NAMED_RANGES = {
    loopback: ["loopback"],
    linklocal: ["linkLocal"],
    uniquelocal: ["private", "uniqueLocal"],
};
export const TRUST_NO_PROXY = { source: "", trusts: () => false };
/**
 * Parses TRUST_PROXY: empty (trust no proxy), or a comma-separated list of `loopback`, `linklocal`,
 * `uniquelocal`, IP addresses and CIDR ranges (IPv4 or IPv6). Undefined when any entry is not one of those.
 */
export function parseTrustProxy(raw) {
    const entries = raw.split(",").map((entry) => entry.trim()).filter((entry) => entry !== "");
    if (entries.length === 0)
        return TRUST_NO_PROXY;
    const ranges = [];
    const cidrs = [];
    for (const entry of entries) {
        const named = NAMED_RANGES[entry.toLowerCase()];
        if (named)
            ranges.push(...named);
        else if (ipaddr.isValidCIDR(entry))
            cidrs.push(ipaddr.parseCIDR(entry));
        else if (ipaddr.isValid(entry))
            cidrs.push(hostRange(ipaddr.process(entry)));
        else
            return undefined;
    }
    return {
        source: entries.join(","),
        trusts(address) {
            const parsed = toAddress(address);
            if (!parsed)
                return false;
            return ranges.includes(parsed.range()) || cidrs.some(([base, bits]) => base.kind() === parsed.kind() && parsed.match(base, bits));
        },
    };
}
/** A peer address as ipaddr.js sees it, IPv4-mapped IPv6 (`::ffff:127.0.0.1`) as plain IPv4. */
function toAddress(address) {
    if (!address)
        return undefined;
    const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
    return ipaddr.isValid(bare) ? ipaddr.process(bare) : undefined;
}
function hostRange(address) {
    return [address, address.kind() === "ipv4" ? 32 : 128];
}
/**
 * The client's address: the peer itself, unless the peer is a trusted proxy; then `X-Forwarded-For` is read
 * from the right, skipping trusted proxies, and the first untrusted hop is the client (a client cannot
 * spoof its way past the proxies it passed through by writing its own `X-Forwarded-For`).
 */
export function clientAddress(peer, forwardedFor, trust) {
    if (!trust.trusts(peer) || !forwardedFor)
        return peer;
    const hops = forwardedFor.split(",").map((hop) => hop.trim()).filter((hop) => hop !== "");
    for (let i = hops.length - 1; i >= 0; i--) {
        if (!toAddress(hops[i]))
            return peer;
        if (!trust.trusts(hops[i]) || i === 0)
            return hops[i];
    }
    return peer;
}
/** Whether the request reached us over HTTPS, directly or as a trusted proxy says (`X-Forwarded-Proto`). */
export function isHttps(protocol, peer, forwardedProto, trust) {
    if (protocol === "https:")
        return true;
    if (!forwardedProto || !trust.trusts(peer))
        return false;
    // The proxy nearest to us appends last; that is the one we trust.
    const hops = forwardedProto.split(",");
    return hops[hops.length - 1].trim().toLowerCase() === "https";
}
