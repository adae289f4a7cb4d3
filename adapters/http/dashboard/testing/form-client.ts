export const PASSWORD = "correct horse battery";

/** What FormClient sends requests through: the in-process app (an H3 has this method) or a real server (`overHttp`). */
export interface Requester {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

/** Form fields; a list repeats its name, as a browser sends checked boxes. */
export type FormFields = Readonly<Record<string, string | readonly string[]>>;

/** A Requester over real HTTP to a running server: redirects are returned, not followed, as FormClient expects. */
export function overHttp(baseUrl: string): Requester {
  return { request: (path, init) => fetch(new URL(path, baseUrl), { ...init, redirect: "manual" }) };
}

/** A cookie jar and form poster for the in-process app: what a browser does, without one. */
export class FormClient {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly app: Requester, private readonly origin = "http://localhost") {}

  /** The `Cookie` header this client sends. */
  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async get(path: string): Promise<Response> {
    return this.keep(await this.app.request(path, { headers: { cookie: this.cookieHeader } }));
  }

  /** A form POST as a browser sends it from a page of this site (Origin included). */
  async post(path: string, fields: FormFields, headers: Record<string, string> = {}): Promise<Response> {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) for (const one of typeof value === "string" ? [value] : value) body.append(name, one);
    return this.keep(await this.app.request(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: this.cookieHeader, origin: this.origin, ...headers },
      body: body.toString(),
    }));
  }

  /** GETs a page with a form and POSTs it with the page's CSRF token. */
  async submit(pagePath: string, action: string, fields: FormFields): Promise<Response> {
    const page = await (await this.get(pagePath)).text();
    return this.post(action, { csrf: csrfOf(page), ...fields });
  }

  async signUp(email: string, password = PASSWORD): Promise<Response> {
    return this.submit("/dashboard/sign-up", "/dashboard/sign-up", { email, password, next: "/dashboard/keys" });
  }

  async signIn(email: string, password = PASSWORD, next = "/dashboard/keys"): Promise<Response> {
    return this.submit("/dashboard/sign-in", "/dashboard/sign-in", { email, password, next });
  }

  /** Creates a key through the dashboard form and returns where the 303 points. */
  async createKey(name: string, extra: FormFields = {}): Promise<Response> {
    return this.submit("/dashboard/keys", "/dashboard/keys", { name, env: "development", limit: "", window: "", ...extra });
  }

  forget(name: string): void {
    this.cookies.delete(name);
  }

  private keep(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
      if (attributes.some((a) => a.trim() === "Max-Age=0")) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

/** The CSRF token of the first form on a page. */
export function csrfOf(page: string): string {
  const match = /name="csrf" value="([^"]+)"/.exec(page);
  if (!match) throw new Error("no CSRF field on the page");
  return match[1];
}
