import { type H3Event } from "h3";
/** GET /dashboard/assets/:file */
export declare function assetHandler(event: H3Event): Response;
