import { createRequire } from "node:module";
import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { MAC_NOTATIONS, toMacHexDigits } from "./mac.ts";

type OuiRegistry = Readonly<Record<string, string>>;

let registry: OuiRegistry | undefined;

/**
 * oui-data is 5.4 MB of JSON, so it is read on the first lookup only, then kept (catalog §2 "Lazy loading").
 * require() rather than import(): Node parses the JSON natively in ≈ 0.1–0.2 s either way, but vitest turns an
 * imported JSON file into a JavaScript module first, which takes 6–10 s.
 */
function loadRegistry(): OuiRegistry {
  registry ??= createRequire(import.meta.url)("oui-data") as OuiRegistry;
  return registry;
}

/** The registry keys MA-S (36-bit), MA-M (28-bit) and MA-L (24-bit) blocks by their hex prefix; the longest wins. */
function findAssignment(hex: string, oui: OuiRegistry): string | undefined {
  for (const length of [9, 7, 6]) {
    const entry = Object.hasOwn(oui, hex.slice(0, length)) ? oui[hex.slice(0, length)] : undefined;
    if (entry !== undefined) return entry;
  }
  return undefined;
}

const pairs = (hex: string) => hex.match(/../g)?.join(":") ?? hex;

/** Offline only (catalog DATA flag): vendors are those of the pinned oui-data version of the IEEE registry. */
export const macAddressLookup = defineTool({
  id: "mac-address-lookup",
  name: "MAC Address Lookup",
  category: "network-calc",
  description: "Normalise a MAC address, read its multicast and locally-administered bits and find its vendor in the offline IEEE OUI registry.",
  input: {
    type: "object",
    required: ["mac"],
    additionalProperties: false,
    properties: {
      mac: { type: "string", minLength: 12, maxLength: 32, description: MAC_NOTATIONS, "x-tool-checks": "a MAC address in a notation of the description" },
    },
  },
  output: {
    type: "object",
    required: ["normalized", "oui", "vendor", "vendorAddress", "isMulticast", "isLocallyAdministered"],
    additionalProperties: false,
    properties: {
      normalized: { type: "string", pattern: "^([0-9A-F]{2}:){5}[0-9A-F]{2}$" },
      oui: { type: "string", pattern: "^([0-9A-F]{2}:){2}[0-9A-F]{2}$" },
      vendor: { type: ["string", "null"] },
      vendorAddress: { type: ["string", "null"] },
      isMulticast: { type: "boolean" },
      isLocallyAdministered: { type: "boolean" },
    },
  },
  examples: [
    {
      title: "A Cisco MA-L block in colon notation",
      source: "IEEE MA-L registry (oui.txt) entry 00-00-0C: Cisco Systems, Inc, 170 West Tasman Drive, San Jose CA 95134-1706",
      input: { mac: "00:00:0c:12:34:56" },
      output: {
        normalized: "00:00:0C:12:34:56", oui: "00:00:0C", vendor: "Cisco Systems, Inc",
        vendorAddress: "170 WEST TASMAN DRIVE\nSAN JOSE CA 95134-1706\nUnited States", isMulticast: false, isLocallyAdministered: false,
      },
    },
    {
      title: "Cisco dotted notation, Xerox block",
      source: "IEEE MA-L registry entry 00-00-00: XEROX CORPORATION, M/S 105-50C, Webster NY 14580",
      input: { mac: "0000.0000.0001" },
      output: {
        normalized: "00:00:00:00:00:01", oui: "00:00:00", vendor: "XEROX CORPORATION",
        vendorAddress: "M/S 105-50C\nWEBSTER NY 14580\nUnited States", isMulticast: false, isLocallyAdministered: false,
      },
    },
    {
      title: "An MA-M (28-bit) assignment wins over its MA-L parent",
      source: "IEEE MA-M registry entry 10-06-48 (block 100648000000–1006480FFFFF): FLEXTRONICS TECHNOLOGIES (INDIA) PVT LTD",
      input: { mac: "10-06-48-01-02-03" },
      output: {
        normalized: "10:06:48:01:02:03", oui: "10:06:48", vendor: "FLEXTRONICS TECHNOLOGIES (INDIA) PVT LTD",
        vendorAddress: "Plot 3, SIPCOT Industrial Estate, Sriperumbudur\nKanchipuram Tamil Nadu 602106\nIndia",
        isMulticast: false, isLocallyAdministered: false,
      },
    },
    {
      title: "A locally administered address has no vendor",
      source: "IEEE 802-2014 §8.2: bit 1 of the first octet (0x02) marks a locally administered address; no OUI is registered",
      input: { mac: "02005e1000ff" },
      output: {
        normalized: "02:00:5E:10:00:FF", oui: "02:00:5E", vendor: null, vendorAddress: null, isMulticast: false, isLocallyAdministered: true,
      },
    },
    {
      title: "The broadcast address is multicast and locally administered",
      source: "IEEE 802-2014 §8.2: bit 0 of the first octet marks a group address; FF:FF:FF:FF:FF:FF is not in the registry",
      input: { mac: "ff:ff:ff:ff:ff:ff" },
      output: {
        normalized: "FF:FF:FF:FF:FF:FF", oui: "FF:FF:FF", vendor: null, vendorAddress: null, isMulticast: true, isLocallyAdministered: true,
      },
    },
  ],
  run: ({ mac }: { mac: string }) => {
    const hex = toMacHexDigits(mac);
    if (hex === undefined) return err(invalidField("mac", `mac must be written as ${MAC_NOTATIONS}.`));
    const [vendor, ...address] = (findAssignment(hex, loadRegistry()) ?? "").split("\n");
    const firstOctet = Number.parseInt(hex.slice(0, 2), 16);
    return ok({
      normalized: pairs(hex),
      oui: pairs(hex.slice(0, 6)),
      vendor: vendor === "" ? null : vendor,
      vendorAddress: address.length === 0 ? null : address.join("\n"),
      isMulticast: (firstOctet & 0x01) !== 0,
      isLocallyAdministered: (firstOctet & 0x02) !== 0,
    });
  },
});
