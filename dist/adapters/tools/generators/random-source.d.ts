import type { ToolContext } from "../../../domain/tool.ts";
import { type FloatSource } from "./mulberry32.ts";
/** Where a generator draws bytes: mulberry32 when seeded, else the context's CSPRNG. */
export declare function toByteSource(seed: number | undefined, context: ToolContext): (size: number) => Uint8Array;
/** Where a generator draws floats in [0, 1): mulberry32 when seeded, else 32 CSPRNG bits per float. */
export declare function toFloatSource(seed: number | undefined, context: ToolContext): FloatSource;
/** The JSON Schema of a `seed` input: mulberry32 reads it as an unsigned 32-bit integer. */
export declare const SEED_SCHEMA: {
    readonly type: "integer";
    readonly minimum: 0;
    readonly maximum: 4294967295;
};
