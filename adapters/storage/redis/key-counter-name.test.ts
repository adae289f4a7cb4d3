import calculateSlot from "cluster-key-slot";
import { describe, expect, it } from "vitest";
import { hashedPart, keyCounterName } from "./key-counter-name.ts";

const recordOf = (prefix: string, id: string) => `${prefix}apikeys:${id}`;

describe("hashedPart (Redis Cluster hash tags)", () => {
  it.each([
    ["plain", "plain"],
    ["a{tag}b", "tag"],
    ["a{}b{tag}", "a{}b{tag}"],
    ["a{b", "a{b"],
    ["a}b{c}", "c"],
    ["{x}{y}", "x"],
  ])("hashes %s as %s, the slot Redis itself picks", (name, part) => {
    expect(hashedPart(name)).toBe(part);
    expect(calculateSlot(name)).toBe(calculateSlot(part));
  });
});

describe("keyCounterName", () => {
  it.each(["toolapi:", "", "toolapi-test:123-abc:", "app{tenant-1}:", "{app}:", "x{y}"])(
    "puts a key's counter in the slot of its record, under the counters' prefix, one per key (prefix %j)",
    (prefix) => {
      const names = ["key_AbCdEf0123456789", "key_ZyXw9876543210ab", "key_{x}y"].map((id) => {
        const name = keyCounterName(recordOf(prefix, id), `${prefix}ratelimit:`, id);
        expect(name, id).toBeDefined();
        expect(calculateSlot(name as string), id).toBe(calculateSlot(recordOf(prefix, id)));
        expect(name?.startsWith(`${prefix}ratelimit:`)).toBe(true);
        return name;
      });
      expect(new Set(names).size).toBe(names.length);
    },
  );

  it("tags the counter with the whole record name when the record has no tag of its own", () => {
    expect(keyCounterName("p:apikeys:key_1", "p:ratelimit:", "key_1")).toBe("p:ratelimit:{p:apikeys:key_1}");
  });

  it("reuses a prefix's own tag, which Redis hashes for the record too", () => {
    expect(keyCounterName("app{t1}:apikeys:key_1", "app{t1}:ratelimit:", "key_1")).toBe("app{t1}:ratelimit:key_1");
  });

  it.each(["app{", "a}b:", "a{}b:"])("gives no name where none under the prefix can share the record's slot (prefix %j)", (prefix) => {
    expect(keyCounterName(recordOf(prefix, "key_1"), `${prefix}ratelimit:`, "key_1")).toBeUndefined();
  });
});
