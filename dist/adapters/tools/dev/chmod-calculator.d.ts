/** Accepts octal ("755", "4755") or the symbolic form `ls -l` prints, with or without the file-type letter. */
export declare const chmodCalculator: import("../../../domain/tool.ts").ToolDefinition<{
    permissions: string;
}, {
    octal: string;
    symbolic: string;
    command: string;
    owner: {
        read: boolean;
        write: boolean;
        execute: boolean;
    };
    group: {
        read: boolean;
        write: boolean;
        execute: boolean;
    };
    others: {
        read: boolean;
        write: boolean;
        execute: boolean;
    };
    special: {
        setuid: boolean;
        setgid: boolean;
        sticky: boolean;
    };
}>;
