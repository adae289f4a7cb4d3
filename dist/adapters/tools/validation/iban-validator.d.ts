/** An invalid IBAN is an answer (valid: false with ibantools' error names), not a refusal. */
export declare const ibanValidator: import("../../../domain/tool.ts").ToolDefinition<{
    iban: string;
}, {
    valid: boolean;
    electronicFormat: string | null;
    printFormat: string | null;
    countryCode: string | null;
    checkDigits: string | null;
    bban: string | null;
    bankIdentifier: string | null;
    errors: string[];
}>;
