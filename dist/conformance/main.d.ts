/** `tool-api conformance …` / `npm run -s conformance -- …`: prints the report and resolves with the exit code. */
export declare function main(argv: string[], env?: NodeJS.ProcessEnv): Promise<number>;
