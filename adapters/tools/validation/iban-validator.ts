import { ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { lazy } from "../lazy.ts";

const loadIbantools = lazy(() => import("ibantools"));

const NULLABLE = { type: ["string", "null"] } as const;
const FIELDS = ["electronicFormat", "printFormat", "countryCode", "checkDigits", "bban", "bankIdentifier"] as const;

/** An invalid IBAN is an answer (valid: false with ibantools' error names), not a refusal. */
export const ibanValidator = defineTool({
  id: "iban-validator",
  name: "IBAN Validator",
  category: "validation",
  description: "Validate an IBAN (country format, length, mod-97 check digits, national checksums) and split it into its parts.",
  input: {
    type: "object",
    required: ["iban"],
    additionalProperties: false,
    properties: { iban: { type: "string", maxLength: 128 } },
  },
  output: {
    type: "object",
    required: ["valid", ...FIELDS, "errors"],
    additionalProperties: false,
    properties: {
      valid: { type: "boolean" },
      ...Object.fromEntries(FIELDS.map((field) => [field, NULLABLE])),
      errors: { type: "array", items: { type: "string" } },
    },
  },
  examples: [
    {
      title: "The UK example IBAN, written in groups",
      source: "ECBS / Wikipedia IBAN example GB82 WEST 1234 5698 7654 32; python3 mod-97 check == 1; SWIFT IBAN registry (GB bank code = 4 letters)",
      input: { iban: "GB82 WEST 1234 5698 7654 32" },
      output: {
        valid: true,
        electronicFormat: "GB82WEST12345698765432",
        printFormat: "GB82 WEST 1234 5698 7654 32",
        countryCode: "GB",
        checkDigits: "82",
        bban: "WEST12345698765432",
        bankIdentifier: "WEST",
        errors: [],
      },
    },
    {
      title: "A German IBAN",
      source: "published example DE89 3704 0044 0532 0130 00; python3 mod-97 check == 1; SWIFT IBAN registry (DE bank code = 8-digit BLZ)",
      input: { iban: "DE89 3704 0044 0532 0130 00" },
      output: {
        valid: true,
        electronicFormat: "DE89370400440532013000",
        printFormat: "DE89 3704 0044 0532 0130 00",
        countryCode: "DE",
        checkDigits: "89",
        bban: "370400440532013000",
        bankIdentifier: "37040044",
        errors: [],
      },
    },
    {
      title: "A wrong check digit",
      source: "python3 mod-97 of GB83WEST12345698765432 == 2 (not 1); length and BBAN format are right",
      input: { iban: "GB83WEST12345698765432" },
      output: {
        valid: false,
        electronicFormat: "GB83WEST12345698765432",
        printFormat: null,
        countryCode: null,
        checkDigits: null,
        bban: null,
        bankIdentifier: null,
        errors: ["WrongIBANChecksum"],
      },
    },
    {
      title: "An unknown country code",
      source: "ISO 3166 / SWIFT IBAN registry: XX is not an IBAN country",
      input: { iban: "XX82WEST12345698765432" },
      output: {
        valid: false,
        electronicFormat: "XX82WEST12345698765432",
        printFormat: null,
        countryCode: null,
        checkDigits: null,
        bban: null,
        bankIdentifier: null,
        errors: ["NoIBANCountry"],
      },
    },
  ],
  run: async ({ iban }: { iban: string }) => {
    const { electronicFormatIBAN, extractIBAN, friendlyFormatIBAN, validateIBAN, ValidationErrorsIBAN } = await loadIbantools();
    const electronic = electronicFormatIBAN(iban) ?? "";
    const { valid, errorCodes } = validateIBAN(electronic);
    const errors = errorCodes.map((code) => ValidationErrorsIBAN[code]);
    const parts = valid ? extractIBAN(electronic) : undefined;
    return ok({
      valid,
      electronicFormat: electronic === "" ? null : electronic,
      printFormat: valid ? friendlyFormatIBAN(electronic) ?? null : null,
      countryCode: parts?.countryCode ?? null,
      checkDigits: valid ? electronic.slice(2, 4) : null,
      bban: parts?.bban ?? null,
      bankIdentifier: parts?.bankIdentifier ?? null,
      errors,
    });
  },
});
