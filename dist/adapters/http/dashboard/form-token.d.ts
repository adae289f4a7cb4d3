import { type H3Event } from "h3";
/** The anonymous form token: the browser's existing one, or a new one with the cookie that carries it. */
export declare function anonymousFormToken(event: H3Event): {
    token: string;
    setCookie: readonly (readonly [string, string])[];
};
/** Whether the form's token matches the cookie's: a cross-site page can send the cookie but cannot read it. */
export declare function isAnonymousFormValid(event: H3Event, form: URLSearchParams): boolean;
