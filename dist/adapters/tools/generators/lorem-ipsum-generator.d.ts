declare const UNITS: readonly ["words", "sentences", "paragraphs"];
interface LoremInput {
    unit: (typeof UNITS)[number];
    count: number;
    seed?: number;
}
/** Seeded output depends on the lorem-ipsum version (its word list and draw order), which package.json pins. */
export declare const loremIpsumGenerator: import("../../../domain/tool.ts").ToolDefinition<LoremInput, {
    text: string;
}>;
export {};
