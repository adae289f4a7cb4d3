import { type H3Event } from "h3";
import type { ToolCatalog } from "../../../application/ports.ts";
/** The catalog never changes while the server runs, so both views are serialized once. */
export declare function toolRoutes(catalog: ToolCatalog): {
    list: () => Response;
    one: (event: H3Event) => Response;
};
