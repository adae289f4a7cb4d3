/** Where the dashboard lands after sign-in when nothing else was asked for. */
export const HOME_PATH = "/dashboard/keys";

/**
 * Long enough for an OAuth authorization request coming back through sign-in (a client id that is a metadata
 * document's URL, a redirect URI, a 43-character challenge, a client's own `state`), short enough to bound the page.
 */
const MAX_RETURN_PATH = 4096;

/**
 * A return path is followed only when it is a same-origin relative path: one leading slash, no scheme, no
 * backslash or control characters (which browsers may read as "//evil.example"), and it stays on this origin.
 */
export function safeReturnPath(raw: string | null | undefined): string {
  if (!raw || raw.length > MAX_RETURN_PATH || !raw.startsWith("/") || raw.startsWith("//")) return HOME_PATH;
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return HOME_PATH;
  const base = "http://return.invalid";
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return HOME_PATH;
  }
  if (url.origin !== base || !url.pathname.startsWith("/dashboard")) return HOME_PATH;
  return url.pathname + url.search;
}

/** The sign-in page URL that brings the browser back to `path` afterwards. */
export const signInPath = (path: string): string =>
  path === HOME_PATH ? "/dashboard/sign-in" : `/dashboard/sign-in?next=${encodeURIComponent(path)}`;
