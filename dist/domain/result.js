/** A successful Result. */
export const ok = (value) => ({ ok: true, value });
/** A failed Result. */
export const err = (error) => ({ ok: false, error });
