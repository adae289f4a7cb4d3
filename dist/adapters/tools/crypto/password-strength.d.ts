export declare const passwordStrength: import("../../../domain/tool.ts").ToolDefinition<{
    password: string;
}, {
    score: import("@zxcvbn-ts/core").Score;
    guesses: number;
    guessesLog10: number;
    crackTimesSeconds: {
        [k: string]: string | number;
    };
    crackTimesDisplay: {
        [k: string]: string | number;
    };
    feedback: {
        warning: string | null;
        suggestions: string[];
    };
}>;
