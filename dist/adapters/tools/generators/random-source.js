import { mulberry32, toSeededBytes } from "./mulberry32.js";
/** Where a generator draws bytes: mulberry32 when seeded, else the context's CSPRNG. */
export function toByteSource(seed, context) {
    if (seed === undefined)
        return (size) => context.randomBytes(size);
    const rng = mulberry32(seed);
    return (size) => toSeededBytes(rng, size);
}
/** Where a generator draws floats in [0, 1): mulberry32 when seeded, else 32 CSPRNG bits per float. */
export function toFloatSource(seed, context) {
    if (seed === undefined) {
        return () => context.randomBytes(4).reduce((value, byte) => value * 256 + byte, 0) / 4294967296;
    }
    return mulberry32(seed);
}
/** The JSON Schema of a `seed` input: mulberry32 reads it as an unsigned 32-bit integer. */
export const SEED_SCHEMA = { type: "integer", minimum: 0, maximum: 4_294_967_295 };
