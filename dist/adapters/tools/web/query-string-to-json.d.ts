type Params = Record<string, string | string[]>;
/**
 * Keys come from the caller, so the object has no prototype: a plain `{}` would silently swallow a `__proto__` key
 * (and `constructor` would collide with Object.prototype).
 */
export declare const queryStringToJson: import("../../../domain/tool.ts").ToolDefinition<{
    query: string;
}, {
    params: Params;
}>;
export {};
