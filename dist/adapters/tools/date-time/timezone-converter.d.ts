/** Zone rules come from Node's ICU tz data (catalog DATA flag): future dates follow the rules known today. */
export declare const timezoneConverter: import("../../../domain/tool.ts").ToolDefinition<{
    dateTime: string;
    fromTimeZone: string;
    toTimeZone: string;
}, {
    result: string;
    fromOffset: string;
    toOffset: string;
    utc: string;
}>;
