/**
 * Test support: an independent reader for the SVG that qrcode writes, used to check generated symbols against
 * ISO/IEC 18004 worked examples. It reads versions 1–6 (no version-information blocks, at most one alignment pattern).
 */
/** Dark modules of a qrcode SVG ("M x y.5h n m dx dy …" runs), without the margin. */
export declare function readModules(svg: string, margin: number): boolean[][];
/** The 15-bit format word for a level and mask: 5 data bits, BCH(15,5) remainder, XOR 0x5412. */
export declare function formatWord(level: string, mask: number): number;
/** Both copies of the format word, most significant bit first, in the ISO 18004 §7.9 positions. */
export declare function readFormatWords(grid: boolean[][]): [number, number];
/** All codewords in placement order (zig-zag from the bottom right), unmasked. */
export declare function readCodewords(grid: boolean[][], mask: number): number[];
/** True when the 7×7 finder pattern sits with its top-left corner at (row, col). */
export declare function hasFinder(grid: boolean[][], row: number, col: number): boolean;
