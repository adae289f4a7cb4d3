interface TokenInput {
    length: number;
    uppercase: boolean;
    lowercase: boolean;
    numbers: boolean;
    symbols: boolean;
    excludeSimilar: boolean;
    count: number;
}
/** The character classes a token may draw from; symbols are the 32 printable ASCII punctuation marks. */
export declare const TOKEN_CLASSES: {
    readonly uppercase: "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    readonly lowercase: "abcdefghijklmnopqrstuvwxyz";
    readonly numbers: "0123456789";
    readonly symbols: "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
};
/** Characters easily mistaken for one another when read or typed: i I l L 1 | o O 0. */
export declare const SIMILAR_CHARACTERS = "iIlL1|oO0";
/** The alphabet a token request draws from, in class order. */
export declare function toTokenAlphabet(input: Omit<TokenInput, "length" | "count">): string;
/** Never seeded: tokens are secrets, so every character comes from crypto.randomInt (no modulo bias). */
export declare const tokenGenerator: import("../../../domain/tool.ts").ToolDefinition<{
    length: number;
    uppercase: boolean;
    lowercase: boolean;
    numbers: boolean;
    symbols: boolean;
    excludeSimilar: boolean;
    count: number;
}, {
    tokens: string[];
}>;
export {};
