/** Offline only (catalog DATA flag): vendors are those of the pinned oui-data version of the IEEE registry. */
export declare const macAddressLookup: import("../../../domain/tool.ts").ToolDefinition<{
    mac: string;
}, {
    normalized: string;
    oui: string;
    vendor: string | null;
    vendorAddress: string | null;
    isMulticast: boolean;
    isLocallyAdministered: boolean;
}>;
