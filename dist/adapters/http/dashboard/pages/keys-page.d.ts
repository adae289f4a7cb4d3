import { type ApiKeySummary, type Environment, type RateLimitPolicy } from "../../../../domain/api-key.ts";
import { type SafeHtml } from "../html.ts";
import { type Chrome } from "./layout.ts";
/** The create form as submitted, shown again with its errors after a refusal. */
export interface KeyFormState {
    readonly name?: string;
    readonly env?: string;
    readonly limit?: string;
    readonly window?: string;
    readonly errors?: Readonly<Record<string, string>>;
}
export interface KeysPageState {
    readonly chrome: Chrome;
    readonly workspaceName: string;
    readonly keys: readonly ApiKeySummary[];
    readonly appEnv: Environment;
    readonly defaultPolicy: RateLimitPolicy;
    readonly form?: KeyFormState;
    readonly notice?: string;
}
export declare function keysPage(state: KeysPageState): SafeHtml;
