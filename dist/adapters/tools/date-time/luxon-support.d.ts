import { DateTime } from "luxon";
/** Every date-time tool formats in English, whatever the server's locale. */
export declare const LOCALE = "en-US";
/** The JSON Schema of an IANA zone input; luxon also accepts fixed offsets such as "UTC+5". */
export declare const TIME_ZONE_SCHEMA: {
    readonly type: "string";
    readonly minLength: 1;
    readonly maxLength: 64;
};
/** True when luxon (through Node's ICU tz data) knows the zone. */
export declare function isKnownZone(zone: string): boolean;
/** ISO 8601 with milliseconds and the zone's offset ("Z" for UTC); luxon omits it only for invalid dates. */
export declare function toIsoString(dateTime: DateTime): string;
/**
 * An ISO 8601 instant; without an offset the wall time is read in `zone` (never the server's zone), following
 * RFC 5545 §3.3.5: a time repeated by a DST fall-back is its first occurrence, and a time skipped by a spring-forward
 * gap takes the offset from before the gap (02:30 in Paris on 2024-03-31 → 03:30+02:00). Invalid text gives undefined.
 */
export declare function fromIsoText(text: string, zone: string): DateTime | undefined;
