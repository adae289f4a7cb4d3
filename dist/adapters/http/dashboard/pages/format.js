/** "2026-01-01 12:00 UTC": unambiguous for a team spread over time zones. */
export function formatTime(iso) {
    if (iso === null)
        return "Never";
    return `${formatTimeShort(iso)} UTC`;
}
/** "2026-01-01 12:00", for table cells whose header says UTC. */
export const formatTimeShort = (iso) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
/** "60 / min", "1,000 / hour", "5 / 30 s". */
export function formatLimit(limit, windowSeconds) {
    const count = limit.toLocaleString("en-US");
    const named = { 1: "s", 60: "min", 3600: "hour", 86400: "day" };
    return named[windowSeconds] ? `${count} / ${named[windowSeconds]}` : `${count} / ${windowSeconds} s`;
}
