interface ListConverterInput {
    text: string;
    inputSeparator: string;
    trim: boolean;
    removeEmpty: boolean;
    unique: boolean;
    lowercase: boolean;
    sort: "none" | "asc" | "desc";
    reverse: boolean;
    prefix: string;
    suffix: string;
    outputSeparator: string;
}
export declare const listConverter: import("../../../domain/tool.ts").ToolDefinition<ListConverterInput, {
    result: string;
    count: number;
}>;
export {};
