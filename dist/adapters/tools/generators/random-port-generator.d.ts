interface PortInput {
    count: number;
    min: number;
    max: number;
    seed?: number;
}
/** Picks numbers only: checking that a port is free would mean binding sockets on the server. */
export declare const randomPortGenerator: import("../../../domain/tool.ts").ToolDefinition<PortInput, {
    ports: number[];
}>;
export {};
