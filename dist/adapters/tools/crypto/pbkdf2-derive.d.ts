export declare const pbkdf2Derive: import("../../../domain/tool.ts").ToolDefinition<{
    password: string;
    salt: string;
    saltEncoding: string;
    iterations: number;
    keyLength: number;
    digest: string;
} | {
    saltEncoding?: undefined;
    iterations?: undefined;
    keyLength?: undefined;
    digest?: undefined;
    password: string;
    salt: string;
}, {
    derivedKey: string;
    iterations: number;
    keyLength: number;
    digest: string;
}>;
