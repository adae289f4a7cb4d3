import type { WorkspaceEntry } from "../../../../application/list-workspaces.ts";
import type { MemberView } from "../../../../application/list-members.ts";
import { type SafeHtml } from "../html.ts";
import { type Chrome } from "./layout.ts";
export interface WorkspacesPageState {
    readonly chrome: Chrome;
    readonly current: WorkspaceEntry;
    readonly members: readonly MemberView[];
    readonly notice?: string;
    readonly createError?: string;
    readonly renameError?: string;
}
export declare function workspacesPage(state: WorkspacesPageState): SafeHtml;
