import { DateTime } from "luxon";
/** Every date-time tool formats in English, whatever the server's locale. */
export const LOCALE = "en-US";
/** The JSON Schema of an IANA zone input; luxon also accepts fixed offsets such as "UTC+5". */
export const TIME_ZONE_SCHEMA = { type: "string", minLength: 1, maxLength: 64 };
/** True when luxon (through Node's ICU tz data) knows the zone. */
export function isKnownZone(zone) {
    return DateTime.fromMillis(0, { zone }).isValid;
}
/** ISO 8601 with milliseconds and the zone's offset ("Z" for UTC); luxon omits it only for invalid dates. */
export function toIsoString(dateTime) {
    return dateTime.toISO() ?? "";
}
const HAS_OFFSET = /T.*(Z|[+-]\d{2}(:?\d{2})?)$/i;
const DAY_MS = 86_400_000;
/**
 * An ISO 8601 instant; without an offset the wall time is read in `zone` (never the server's zone), following
 * RFC 5545 §3.3.5: a time repeated by a DST fall-back is its first occurrence, and a time skipped by a spring-forward
 * gap takes the offset from before the gap (02:30 in Paris on 2024-03-31 → 03:30+02:00). Invalid text gives undefined.
 */
export function fromIsoText(text, zone) {
    const parsed = DateTime.fromISO(text, { zone, setZone: true, locale: LOCALE });
    if (!parsed.isValid)
        return undefined;
    return HAS_OFFSET.test(text) ? parsed : toFirstOccurrence(parsed);
}
/** luxon reads an ambiguous wall time with the later offset; try the offsets either side of it for an earlier instant. */
function toFirstOccurrence(dateTime) {
    const millis = dateTime.toMillis();
    const zone = dateTime.zone;
    const offsets = [zone.offset(millis - DAY_MS), zone.offset(millis + DAY_MS)];
    const instants = offsets
        .map((offset) => ({ offset, instant: millis + (dateTime.offset - offset) * 60_000 }))
        .filter(({ offset, instant }) => zone.offset(instant) === offset)
        .map(({ instant }) => instant);
    const earliest = Math.min(millis, ...instants);
    return earliest === millis ? dateTime : DateTime.fromMillis(earliest, { zone, locale: LOCALE });
}
