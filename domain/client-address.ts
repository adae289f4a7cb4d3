/**
 * The client a throttle counts, for a client address: IPv4 as is, IPv4-mapped IPv6 (`::ffff:203.0.113.5`) as its
 * IPv4, and any other IPv6 as its /64 prefix (`2001:db8:1:2::/64`). One subscriber gets a whole /64 and picks
 * addresses in it at will, so counting /128s would give each client 2^64 fresh budgets. Text that is no IP address
 * (such as "unknown") is its own bucket.
 * @example toThrottleAddress("2001:DB8:1:2:aaaa::1") // "2001:db8:1:2::/64"
 */
export function toThrottleAddress(address: string): string {
  const bare = address.trim().replace(/^\[|\]$/g, "").replace(/%.*$/, "").toLowerCase();
  const groups = parseIpv6(bare);
  if (!groups) return bare;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join(".");
  }
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(":")}::/64`;
}

const HEX_GROUP = /^[0-9a-f]{1,4}$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** The eight 16-bit groups of an IPv6 address (`::` and a trailing dotted IPv4 allowed), or undefined. */
function parseIpv6(text: string): number[] | undefined {
  if (!text.includes(":")) return undefined;
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const compressed = halves.length === 2;
  const head = toGroups(halves[0], !compressed);
  const tail = compressed ? toGroups(halves[1], true) : [];
  if (!head || !tail) return undefined;
  if (!compressed) return head.length === 8 ? head : undefined;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...new Array<number>(missing).fill(0), ...tail] : undefined;
}

/** The groups of one side of `::` (a dotted IPv4 may end the address only), or undefined. */
function toGroups(half: string, mayEndInIpv4: boolean): number[] | undefined {
  if (half === "") return [];
  const parts = half.split(":");
  const groups: number[] = [];
  for (const [i, part] of parts.entries()) {
    if (mayEndInIpv4 && i === parts.length - 1 && IPV4.test(part)) {
      const [a, b, c, d] = part.split(".").map(Number);
      groups.push((a << 8) | b, (c << 8) | d);
    } else if (HEX_GROUP.test(part)) {
      groups.push(Number.parseInt(part, 16));
    } else {
      return undefined;
    }
  }
  return groups;
}
