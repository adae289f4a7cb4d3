/** The outcome of an operation that can fail in an expected way. */
export type Result<T, E> = {
    readonly ok: true;
    readonly value: T;
} | {
    readonly ok: false;
    readonly error: E;
};
/** A successful Result. */
export declare const ok: <T>(value: T) => {
    readonly ok: true;
    readonly value: T;
};
/** A failed Result. */
export declare const err: <E>(error: E) => {
    readonly ok: false;
    readonly error: E;
};
