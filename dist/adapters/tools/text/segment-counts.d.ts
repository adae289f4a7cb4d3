/** Extended grapheme clusters and word-like segments (letters, numbers, ideographs) of a text. */
export declare function countSegments(text: string): {
    graphemes: number;
    words: number;
};
