import { type Document } from "./expectations.ts";
/** One example of a tool, as the document gives it: the request's input and, where fixed, the output. */
export interface DocumentExample {
    readonly title: string;
    readonly input: unknown;
    readonly output?: unknown;
}
/** A server tool as the served document describes it: a concrete `POST /execute/<id>` operation. */
export interface DocumentTool {
    readonly id: string;
    readonly path: string;
    readonly examples: readonly DocumentExample[];
    /** The draft-07 schema of `input` (from the request body's `input` member). */
    readonly inputSchema: Record<string, unknown>;
}
/** Every concrete execute operation of the document, with its examples and input schema. */
export declare function toolsOf(document: Document): DocumentTool[];
