import { type Server } from "node:http";
import type { H3 } from "h3";
import type { ToolRunner } from "../application/ports.ts";
import type { AnyTool } from "../domain/tool.ts";
import type { Config } from "./config.ts";
import { type ToolCore } from "./core/create-tool-core.ts";
import { type Logger } from "./logger.ts";
import { type Storage } from "./storage/open-storage.ts";
/** A listening server and what it holds open. */
export interface RunningServer {
    readonly url: string;
    readonly server: Server;
    readonly app: H3;
    readonly core: ToolCore;
    readonly container: ToolCore["services"]["container"];
    readonly storage: Storage;
    /** Stops accepting, lets in-flight requests finish (up to the shutdown timeout), then closes storage. */
    close(): Promise<void>;
}
export interface ServerOptions {
    readonly logger?: Logger;
    readonly tools?: readonly AnyTool[];
    readonly runner?: ToolRunner & {
        close?(): Promise<void>;
    };
}
/** Opens storage, wires the core (createToolCore) and serves the reference app over node:http. */
export declare function startServer(config: Config, options?: ServerOptions): Promise<RunningServer>;
