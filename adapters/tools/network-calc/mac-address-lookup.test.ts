import { describe, expect, it } from "vitest";
import { macAddressLookup } from "./mac-address-lookup.ts";
import { outputOf, refusalOf } from "../testing/tool-harness.ts";

describe("mac-address-lookup", () => {
  it("reads every accepted notation as the same address", async () => {
    const forms = ["00:1b:63:84:45:e6", "00-1B-63-84-45-E6", "001b.6384.45e6", "001B638445E6", "  00:1b:63:84:45:e6\n"];
    for (const mac of forms) {
      expect(await outputOf(macAddressLookup, { mac })).toMatchObject({ normalized: "00:1B:63:84:45:E6", oui: "00:1B:63", vendor: "Apple, Inc." });
    }
  });

  it("prefers an MA-S (36-bit) assignment to its parent block", async () => {
    // IEEE MA-S registry: 00-1B-C5-00-0x-xx is assigned to Converging Systems Inc.
    expect((await outputOf(macAddressLookup, { mac: "00:1B:C5:00:01:23" })).vendor).toBe("Converging Systems Inc.");
  });

  it("reports Private registrations without an address", async () => {
    const out = await outputOf(macAddressLookup, { mac: "ac:de:48:00:11:22" });
    expect(out).toMatchObject({ vendor: "Private", vendorAddress: null });
  });

  it.each(["00:11-22:33:44:55", "00:11:22:33:44", "00:11:22:33:44:5g", "0011.2233.4455.6677", "00112233445"])(
    "refuses %j",
    async (mac) => {
      expect(await refusalOf(macAddressLookup, { mac })).not.toBe("ok");
    },
  );
});
