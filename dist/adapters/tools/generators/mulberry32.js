/**
 * The catalog's seeded PRNG (§2 "Seeds"): mulberry32, for reproducible fixtures only, never for secrets.
 * @example mulberry32(42)() === 0.6011037519201636
 */
export function mulberry32(seed) {
    let state = seed >>> 0;
    return () => {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}
/** The next `size` bytes of a PRNG stream, each `Math.floor(rng() * 256)` (catalog §2). */
export function toSeededBytes(rng, size) {
    const bytes = new Uint8Array(size);
    for (let index = 0; index < size; index++)
        bytes[index] = Math.floor(rng() * 256);
    return bytes;
}
