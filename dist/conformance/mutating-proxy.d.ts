/** One answer as it passes through the proxy; a mutant may change any part of it. */
export interface ProxiedAnswer {
    status: number;
    headers: Headers;
    body: string;
}
/** What the client asked, for mutants that react to it. */
export interface ProxiedRequest {
    readonly method: string;
    readonly path: string;
    readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}
/** One fault: a rewrite of the answers, of the served document, or both. */
export interface Mutant {
    readonly name: string;
    readonly answer?: (answer: ProxiedAnswer, request: ProxiedRequest) => void;
    readonly document?: (document: Record<string, any>) => void;
}
/**
 * A reverse proxy on 127.0.0.1 in front of a real server, applying the current mutant to what passes through.
 * It stands for a deployment that differs from the faithful one in exactly one way.
 */
export declare function startMutatingProxy(upstream: string): Promise<{
    url: string;
    use(mutant: Mutant | undefined): void;
    close(): Promise<void>;
}>;
