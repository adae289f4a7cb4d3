/** Markup that is already safe: produced by `html` from escaped values, never from raw user input. */
export interface SafeHtml {
    readonly __html: string;
}
/** Escapes text for element content and quoted attribute values. */
export declare const escapeHtml: (text: string) => string;
/**
 * A template tag that escapes every interpolated value unless it is itself `html` output, so a key named
 * `<script>alert(1)</script>` is always shown as text. Arrays are joined; null, undefined and false render nothing.
 */
export declare function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml;
