/** `keys …`: runs one command and returns the exit code (2 for a usage or input problem), printing any error. */
export declare function runKeysCommand(argv: string[]): Promise<number>;
