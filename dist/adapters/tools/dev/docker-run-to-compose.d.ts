/**
 * The command is tokenised like a POSIX shell but never run: `$VAR` stays `${VAR}` (compose interpolates it the
 * same way), and any operator (&&, |, ;, >, $(…)) or backtick is refused rather than silently dropped.
 */
export declare const dockerRunToCompose: import("../../../domain/tool.ts").ToolDefinition<{
    command: string;
}, {
    yaml: string;
    warnings: string[];
}>;
