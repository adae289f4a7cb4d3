type WordCount = 12 | 15 | 18 | 21 | 24;
interface Bip39Input {
    entropy?: string;
    wordCount: WordCount;
    passphrase: string;
}
interface Bip39Output {
    mnemonic: string;
    entropy: string;
    wordCount: number;
    seed: string;
}
export declare const bip39Mnemonic: import("../../../domain/tool.ts").ToolDefinition<Partial<Bip39Input>, Bip39Output>;
export {};
