import type { ApiKeySummary } from "../../../../domain/api-key.ts";
import { type SafeHtml } from "../html.ts";
import { type Chrome } from "./layout.ts";
/** The one page that ever shows a key's secret. */
export declare function keyCreatedPage(chrome: Chrome, key: ApiKeySummary, secret: string, origin: string): SafeHtml;
/** The confirmation step before a revocation. */
export declare function revokeConfirmPage(chrome: Chrome, key: ApiKeySummary): SafeHtml;
