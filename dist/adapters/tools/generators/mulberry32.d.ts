/** A function returning floats in [0, 1), like Math.random. */
export type FloatSource = () => number;
/**
 * The catalog's seeded PRNG (§2 "Seeds"): mulberry32, for reproducible fixtures only, never for secrets.
 * @example mulberry32(42)() === 0.6011037519201636
 */
export declare function mulberry32(seed: number): FloatSource;
/** The next `size` bytes of a PRNG stream, each `Math.floor(rng() * 256)` (catalog §2). */
export declare function toSeededBytes(rng: FloatSource, size: number): Uint8Array;
