import { describe, expect, it } from "vitest";
import { ipAddressInfo } from "./ip-address-info.ts";
import { outputOf, runTool } from "../testing/tool-harness.ts";

describe("ip-address-info", () => {
  it("answers valid false (not an error) for anything that is not an address", async () => {
    for (const ip of ["", "localhost", "1.2.3", "0x7f.1", "::1::", "fe80::1%", "1.2.3.4/24"]) {
      expect(await outputOf(ipAddressInfo, { ip })).toEqual({ valid: false, version: null, normalized: null, range: null, matches: [] });
    }
  });

  it("refuses a malformed CIDR entry with a 422 that points at it", async () => {
    const outcome = await runTool(ipAddressInfo, { ip: "10.0.0.1", cidrs: ["10.0.0.0/8", "10.0.0.0/33"] });
    expect(outcome.kind).toBe("tool");
    if (outcome.kind === "tool" && outcome.error.code === "invalid_input") expect(outcome.error.details[0].path).toBe("/input/cidrs/1");
  });

  it("never matches across address families", async () => {
    expect((await outputOf(ipAddressInfo, { ip: "::ffff:10.0.0.1", cidrs: ["10.0.0.0/8", "::ffff:0:0/96"] })).matches).toEqual(["::ffff:0:0/96"]);
    expect((await outputOf(ipAddressInfo, { ip: "10.0.0.1", cidrs: ["::/0"] })).matches).toEqual([]);
  });

  it("names the special ranges", async () => {
    const ranges = { "127.0.0.1": "loopback", "169.254.1.1": "linkLocal", "224.0.0.1": "multicast", "255.255.255.255": "broadcast",
      "::1": "loopback", "::ffff:1.2.3.4": "ipv4Mapped", "2002::1": "6to4", "ff02::1": "multicast", "2606:4700::1111": "unicast" };
    for (const [ip, range] of Object.entries(ranges)) expect((await outputOf(ipAddressInfo, { ip })).range).toBe(range);
  });
});
