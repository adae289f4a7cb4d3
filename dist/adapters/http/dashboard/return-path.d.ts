/** Where the dashboard lands after sign-in when nothing else was asked for. */
export declare const HOME_PATH = "/dashboard/keys";
/**
 * A return path is followed only when it is a same-origin relative path: one leading slash, no scheme, no
 * backslash or control characters (which browsers may read as "//evil.example"), and it stays on this origin.
 */
export declare function safeReturnPath(raw: string | null | undefined): string;
/** The sign-in page URL that brings the browser back to `path` afterwards. */
export declare const signInPath: (path: string) => string;
