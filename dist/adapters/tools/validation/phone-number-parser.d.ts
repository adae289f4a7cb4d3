declare const TEXT_FIELDS: readonly ["e164", "international", "national", "rfc3966", "country", "callingCode", "type"];
type Parsed = {
    valid: boolean;
    possible: boolean;
} & Record<(typeof TEXT_FIELDS)[number], string | null>;
/** DATA: validity and types follow the pinned libphonenumber-js metadata. Unparseable input is a 200 with valid: false. */
export declare const phoneNumberParser: import("../../../domain/tool.ts").ToolDefinition<{
    phone: string;
    defaultCountry?: string;
}, Parsed>;
export {};
