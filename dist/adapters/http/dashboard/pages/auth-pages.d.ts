import { type SafeHtml } from "../html.ts";
/** What the sign-in and sign-up forms show again after a failed attempt (never the password). */
export interface AuthFormState {
    readonly csrf: string;
    readonly next: string;
    readonly email?: string;
    readonly error?: string;
    readonly fieldErrors?: Readonly<Record<string, string>>;
}
export declare function signInPage(state: AuthFormState): SafeHtml;
export declare function signUpPage(state: AuthFormState): SafeHtml;
