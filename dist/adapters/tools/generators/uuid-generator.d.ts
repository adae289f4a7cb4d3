declare const VERSIONS: readonly ["v1", "v3", "v4", "v5", "v6", "v7", "nil", "max"];
type Version = (typeof VERSIONS)[number];
interface UuidInput {
    version: Version;
    count: number;
    namespace?: string;
    name?: string;
    seed?: number;
    timestamp?: number;
}
/** Seeds are for fixtures: a seeded v4 is predictable and must never serve as a secret. */
export declare const uuidGenerator: import("../../../domain/tool.ts").ToolDefinition<UuidInput, {
    uuids: string[];
}>;
export {};
