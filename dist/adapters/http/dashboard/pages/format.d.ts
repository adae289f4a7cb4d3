/** "2026-01-01 12:00 UTC": unambiguous for a team spread over time zones. */
export declare function formatTime(iso: string | null): string;
/** "2026-01-01 12:00", for table cells whose header says UTC. */
export declare const formatTimeShort: (iso: string) => string;
/** "60 / min", "1,000 / hour", "5 / 30 s". */
export declare function formatLimit(limit: number, windowSeconds: number): string;
