/** Where the dashboard lands after sign-in when nothing else was asked for. */
export const HOME_PATH = "/dashboard/keys";
/**
 * A return path is followed only when it is a same-origin relative path: one leading slash, no scheme, no
 * backslash or control characters (which browsers may read as "//evil.example"), and it stays on this origin.
 */
export function safeReturnPath(raw) {
    if (!raw || raw.length > 512 || !raw.startsWith("/") || raw.startsWith("//"))
        return HOME_PATH;
    if (/[\\\u0000-\u001f\u007f]/.test(raw))
        return HOME_PATH;
    const base = "http://return.invalid";
    let url;
    try {
        url = new URL(raw, base);
    }
    catch {
        return HOME_PATH;
    }
    if (url.origin !== base || !url.pathname.startsWith("/dashboard"))
        return HOME_PATH;
    return url.pathname + url.search;
}
/** The sign-in page URL that brings the browser back to `path` afterwards. */
export const signInPath = (path) => path === HOME_PATH ? "/dashboard/sign-in" : `/dashboard/sign-in?next=${encodeURIComponent(path)}`;
