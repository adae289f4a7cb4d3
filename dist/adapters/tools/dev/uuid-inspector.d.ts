type Variant = "ncs" | "rfc9562" | "microsoft" | "future";
interface UuidReport {
    valid: boolean;
    version: number | null;
    variant: Variant | null;
    timestamp: string | null;
    hex: string | null;
    urn: string | null;
    isNil: boolean;
    isMax: boolean;
}
/**
 * Also reads the 32-digit, braced and urn:uuid: spellings. `valid` follows uuid's `validate`: RFC 9562 versions 1–8
 * with the RFC variant, plus Nil and Max. Timestamps (v1, v6, v7) are truncated to milliseconds.
 */
export declare const uuidInspector: import("../../../domain/tool.ts").ToolDefinition<{
    uuid: string;
}, UuidReport>;
export {};
