import type { WorkspaceEntry } from "../../../../application/list-workspaces.ts";
import { type SafeHtml } from "../html.ts";
/** What the signed-in top bar shows. */
export interface Chrome {
    readonly email: string;
    readonly csrfToken: string;
    readonly workspaces: readonly WorkspaceEntry[];
    readonly currentWorkspaceId: string;
    readonly section: "keys" | "workspaces";
}
/** The page shell: one stylesheet, one deferred script, a skip link, and the top bar when signed in. */
export declare function layout(title: string, main: SafeHtml, chrome?: Chrome): SafeHtml;
/** A field's error text and the attributes that tie it to its input for screen readers. */
export declare function fieldError(id: string, message: string | undefined): {
    attrs: SafeHtml | string;
    text: SafeHtml | string;
};
/** A simple page for errors and dead ends, always with a way back. */
export declare function messagePage(title: string, message: string, chrome?: Chrome): SafeHtml;
