/** Datetimes become RFC 3339 strings as written (offset kept, local values stay local); a zero ".000" is dropped. */
export declare const tomlToJson: import("../../../domain/tool.ts").ToolDefinition<{
    toml: string;
    indent: number;
}, {
    json: string;
}>;
