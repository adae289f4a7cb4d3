import { type IncomingMessage, type Server, ServerResponse } from "node:http";
/**
 * The node:http response every request gets. Two wire rules live here, in one place for every route:
 * - every status line carries its reason phrase (srvx passes web `Response.statusText`, which is "" unless set);
 * - an answer given while request body bytes are still unread keeps the connection only when node can drain
 *   them (declared length within the limit, stream untouched); otherwise it says `Connection: close`, and the
 *   socket keeps discarding input for a moment after the answer so the client reads it instead of a reset.
 */
export declare function wireResponseClass(maxBodyBytes: number): typeof ServerResponse<IncomingMessage>;
/** Decides whether a request sent with `Expect: 100-continue` may send its body. */
export type ContinueCheck = (req: IncomingMessage) => Promise<boolean>;
/**
 * Answers `Expect: 100-continue` only once `mayContinue` agrees (the key is valid and the declared length fits);
 * otherwise the request goes to the app without `100 Continue`, and it answers the final error unread.
 */
export declare function installExpectContinue(server: Server, mayContinue: ContinueCheck): void;
/** Status of a node:http client error, following node's own choice of status. */
export declare function clientErrorStatus(error: NodeJS.ErrnoException): number;
/** Replaces node's empty-bodied client-error answers with a full HTTP/1.1 response carrying the envelope. */
export declare function installClientErrorEnvelope(server: Server): void;
/** The raw bytes of a client-error answer: status line with reason phrase, JSON envelope, `Connection: close`. */
export declare function clientErrorResponse(status: number): string;
