import type { CountryCode } from "libphonenumber-js";
import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";

type Library = typeof import("libphonenumber-js/max");

const TEXT_FIELDS = ["e164", "international", "national", "rfc3966", "country", "callingCode", "type"] as const;
type Parsed = { valid: boolean; possible: boolean } & Record<(typeof TEXT_FIELDS)[number], string | null>;

const UNPARSEABLE: Parsed = {
  valid: false,
  possible: false,
  ...(Object.fromEntries(TEXT_FIELDS.map((field) => [field, null])) as Record<(typeof TEXT_FIELDS)[number], null>),
};

let library: Promise<Library> | undefined;

/** The /max metadata (needed for getType) weighs about 13 MB, so it loads on first use. */
const loadLibrary = (): Promise<Library> => (library ??= import("libphonenumber-js/max"));

/** DATA: validity and types follow the pinned libphonenumber-js metadata. Unparseable input is a 200 with valid: false. */
export const phoneNumberParser = defineTool({
  id: "phone-number-parser",
  name: "Phone Number Parser",
  category: "validation",
  description: "Parse, validate and format a phone number (E.164, international, national, RFC 3966) and detect its type.",
  input: {
    type: "object",
    required: ["phone"],
    additionalProperties: false,
    properties: {
      phone: { type: "string", maxLength: 64 },
      defaultCountry: { type: "string", pattern: "^[A-Z]{2}$", "x-tool-checks": "a country libphonenumber supports" },
    },
  },
  output: {
    type: "object",
    required: ["valid", "possible", ...TEXT_FIELDS],
    additionalProperties: false,
    properties: {
      valid: { type: "boolean" },
      possible: { type: "boolean" },
      ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, { type: ["string", "null"] }])),
    },
  },
  examples: [
    {
      title: "A US number in E.164",
      source: "libphonenumber-js README (+12133734253: '+1 213 373 4253', '(213) 373-4253', 'tel:+12133734253'); libphonenumber docs: US numbers are FIXED_LINE_OR_MOBILE",
      input: { phone: "+12133734253" },
      output: {
        valid: true,
        possible: true,
        e164: "+12133734253",
        international: "+1 213 373 4253",
        national: "(213) 373-4253",
        rfc3966: "tel:+12133734253",
        country: "US",
        callingCode: "1",
        type: "FIXED_LINE_OR_MOBILE",
      },
    },
    {
      title: "A Russian toll-free number in national format",
      source: "libphonenumber-js README (' 8 (800) 555-35-35 ' with RU → +78005553535, TOLL_FREE; international '+7 800 555 35 35')",
      input: { phone: " 8 (800) 555-35-35 ", defaultCountry: "RU" },
      output: {
        valid: true,
        possible: true,
        e164: "+78005553535",
        international: "+7 800 555 35 35",
        national: "8 (800) 555-35-35",
        rfc3966: "tel:+78005553535",
        country: "RU",
        callingCode: "7",
        type: "TOLL_FREE",
      },
    },
    {
      title: "A Swiss number (the libphonenumber README example)",
      source: "google/libphonenumber README: '044 668 18 00' in CH → E164 +41446681800, INTERNATIONAL '+41 44 668 18 00', NATIONAL '044 668 18 00'; 044 is a Zurich geographic (fixed-line) code",
      input: { phone: "044 668 18 00", defaultCountry: "CH" },
      output: {
        valid: true,
        possible: true,
        e164: "+41446681800",
        international: "+41 44 668 18 00",
        national: "044 668 18 00",
        rfc3966: "tel:+41446681800",
        country: "CH",
        callingCode: "41",
        type: "FIXED_LINE",
      },
    },
    {
      title: "A UK drama number",
      source: "Ofcom drama numbers: 020 7946 0000–0999 (London, fixed line), E.164 +44 20 7946 0018",
      input: { phone: "+44 20 7946 0018" },
      output: {
        valid: true,
        possible: true,
        e164: "+442079460018",
        international: "+44 20 7946 0018",
        national: "020 7946 0018",
        rfc3966: "tel:+442079460018",
        country: "GB",
        callingCode: "44",
        type: "FIXED_LINE",
      },
    },
    {
      title: "Not a phone number",
      source: "no digits: nothing to parse",
      input: { phone: "call me maybe" },
      output: { valid: false, possible: false, e164: null, international: null, national: null, rfc3966: null, country: null, callingCode: null, type: null },
    },
  ],
  run: async ({ phone, defaultCountry }: { phone: string; defaultCountry?: string }) => {
    const lib = await loadLibrary();
    if (defaultCountry !== undefined && !lib.isSupportedCountry(defaultCountry)) {
      return err(invalidField("defaultCountry", `'${defaultCountry}' is not a supported ISO 3166-1 alpha-2 country.`));
    }
    let parsed;
    try {
      parsed = lib.parsePhoneNumberFromString(phone, defaultCountry as CountryCode | undefined);
    } catch {
      parsed = undefined;
    }
    if (!parsed) return ok(UNPARSEABLE);
    return ok<Parsed>({
      valid: parsed.isValid(),
      possible: parsed.isPossible(),
      e164: parsed.number,
      international: parsed.formatInternational(),
      national: parsed.formatNational(),
      rfc3966: parsed.format("RFC3966"),
      country: parsed.country ?? null,
      callingCode: parsed.countryCallingCode,
      type: parsed.getType() ?? null,
    });
  },
});
