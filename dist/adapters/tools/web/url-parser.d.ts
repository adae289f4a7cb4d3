/** Parses only: the URL is never fetched (no SSRF surface). */
export declare const urlParser: import("../../../domain/tool.ts").ToolDefinition<{
    url: string;
}, {
    href: string;
    protocol: string;
    username: string;
    password: string;
    hostname: string;
    port: string;
    host: string;
    origin: string;
    pathname: string;
    search: string;
    hash: string;
    searchParams: {
        key: string;
        value: string;
    }[];
}>;
