import type { KeyedHandler } from "../protect.ts";
/** GET /keys/current: the calling key, never its secret or hash. */
export declare const currentKeyHandler: KeyedHandler;
