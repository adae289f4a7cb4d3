import ipaddr from "ipaddr.js";

/** How a refusal names each of ipaddr.js's special ranges; a range not listed is "special-purpose". */
const RANGE_WORDS: Readonly<Record<string, string>> = {
  loopback: "loopback",
  private: "private",
  uniqueLocal: "unique-local",
  linkLocal: "link-local",
  carrierGradeNat: "carrier-grade NAT",
  unspecified: "unspecified",
  multicast: "multicast",
  broadcast: "broadcast",
  reserved: "reserved",
};

// Global unicast IPv6 is 2000::/3 (RFC 4291); ipaddr.js calls the rest of ::/0 "unicast" too, IPv4-compatible
// ::a.b.c.d and other IANA-reserved blocks included.
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");
// RFC 6052's well-known NAT64 prefix: a DNS64 resolver answers it for IPv4-only hosts, the IPv4 address in the last
// 32 bits. RFC 6052 forbids it for non-global IPv4 addresses, so those are judged as the IPv4 address they carry.
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR("64:ff9b::/96");

const wordFor = (range: string): string => RANGE_WORDS[range] ?? "special-purpose";

function refusedV4(address: ipaddr.IPv4): string | undefined {
  const range = address.range();
  return range === "unicast" ? undefined : wordFor(range);
}

function refusedV6(address: ipaddr.IPv6): string | undefined {
  // A socket to ::ffff:a.b.c.d reaches a.b.c.d, so a mapped address is judged as the IPv4 address it maps.
  if (address.isIPv4MappedAddress()) return refusedV4(address.toIPv4Address());
  if (address.match(NAT64_WELL_KNOWN)) {
    const [high, low] = address.parts.slice(6);
    return refusedV4(new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]));
  }
  const range = address.range();
  if (range !== "unicast") return wordFor(range);
  return address.match(GLOBAL_UNICAST_V6) ? undefined : "reserved";
}

/**
 * Why an IP address may not be a webhook target ("loopback", "private", "link-local", …), or undefined for a
 * public unicast address. IPv4 must be dotted-quad: a text that is not a plain IPv4 or IPv6 address is refused too.
 * @example refusedRange("::ffff:169.254.169.254") // "link-local"
 */
export function refusedRange(address: string): string | undefined {
  // ipaddr.js also reads "127.1" and "0x7f000001"; DNS answers never look like that, so such a text is refused.
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return refusedV4(ipaddr.IPv4.parse(address));
  if (ipaddr.IPv6.isValid(address)) return refusedV6(ipaddr.IPv6.parse(address));
  return "not an IP address";
}
