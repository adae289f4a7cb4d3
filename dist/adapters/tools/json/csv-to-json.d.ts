interface CsvRows {
    rows: unknown[];
    fields: string[] | null;
    errors: RowError[];
}
interface RowError {
    row: number | null;
    code: string;
    message: string;
}
/**
 * Rows are built here rather than by papaparse's `header` mode, which assigns each header with `obj[name] = …`:
 * a "__proto__" column would silently vanish. Duplicate headers are renamed name_1, name_2 as papaparse does.
 */
export declare const csvToJson: import("../../../domain/tool.ts").ToolDefinition<{
    csv: string;
    delimiter: string;
    header: boolean;
    dynamicTyping: boolean;
}, CsvRows>;
export {};
