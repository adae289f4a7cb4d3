interface BcryptHashInput {
    password: string;
    rounds: number;
    salt?: string;
}
export declare const bcryptHash: import("../../../domain/tool.ts").ToolDefinition<Partial<BcryptHashInput>, {
    hash: string;
    rounds: number;
}>;
export {};
