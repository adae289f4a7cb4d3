declare const INPUT_FORMATS: readonly ["auto", "unix-seconds", "unix-milliseconds", "iso8601", "rfc2822", "http"];
type InputFormat = (typeof INPUT_FORMATS)[number];
interface TimestampInput {
    value: string | number;
    inputFormat: InputFormat;
    timeZone: string;
}
/** Deliberately no "relative to now" fields: the output depends on the input only. */
export declare const timestampConverter: import("../../../domain/tool.ts").ToolDefinition<TimestampInput, {
    iso8601: string;
    iso8601Utc: string;
    rfc2822: string;
    httpDate: string;
    weekday: string;
    timeZone: string;
    offset: string;
    unixSeconds: number;
    unixMilliseconds: number;
    dayOfYear: number;
    isoWeek: number;
    isoWeekYear: number;
    quarter: number;
    isLeapYear: boolean;
}>;
export {};
